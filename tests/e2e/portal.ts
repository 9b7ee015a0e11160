import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, type DemoAccount, demoAccounts } from '@portal/api';
import type { Stack } from '../../scripts/stack.ts';

/**
 * The demo accounts and who owns which on the worker's shared portal, so that journeys that change an account
 * (terms, password) never break another one, whatever the order:
 * - producer: signed-in journeys; its terms are accepted (through the api) before each of them;
 * - retriever: failed logins and the terms page, which it never accepts on the shared portal;
 * - carrier: the password reset, which changes its password and ends its sessions;
 * - chantier: read-only here. Every account's first visit happens on the first-visit portal (first-visit.spec.ts).
 */
function demoAccount(email: string): DemoAccount {
  const account = demoAccounts.find((candidate) => candidate.email === email);
  if (!account) throw new Error(`${email} is not a demo account`);
  return account;
}

export const producer = demoAccount('producteur@demo.fr');
export const retriever = demoAccount('prestataire@demo.fr');
export const carrier = demoAccount('transporteur@demo.fr');
export const chantier = demoAccount('chantier@demo.fr');
export { DEMO_PASSWORD, demoAccounts };

interface ApiSession {
  token: string;
  userId: number;
}

async function apiCall(
  stack: Stack,
  method: string,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const response = await fetch(`${stack.apiUrl}${path}`, { method, ...init });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** A session of the REST api, as the gateway opens one. */
export async function apiLogin(stack: Stack, email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const response = await apiCall(stack, 'POST', '/api/login', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return (await response.json()) as ApiSession;
}

export async function apiLogout(stack: Stack, token: string): Promise<void> {
  await apiCall(stack, 'POST', '/api/logout', { headers: { authorization: `Bearer ${token}` } });
}

/** Setup for journeys about the signed-in portal: the account has accepted the terms (idempotent). */
export async function acceptTermsThroughApi(stack: Stack, email: string): Promise<void> {
  const session = await apiLogin(stack, email);
  try {
    await apiCall(stack, 'PATCH', `/api/users/${session.userId}`, {
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ hasAcceptedCGU: true }),
    });
  } finally {
    await apiLogout(stack, session.token);
  }
}

/** The ids of the establishments (sites) an account sees, in the api's order. */
export async function establishmentIdsOf(stack: Stack, email: string): Promise<number[]> {
  const session = await apiLogin(stack, email);
  try {
    const response = await apiCall(stack, 'GET', '/api/company_sites?pagination=false', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const collection = (await response.json()) as { 'hydra:member': { id: number }[] };
    return collection['hydra:member'].map((site) => site.id);
  } finally {
    await apiLogout(stack, session.token);
  }
}

/** The login form's fields, by their labels (the password's own "show" button also mentions "mot de passe"). */
export const loginForm = (page: Page) => ({
  email: page.getByLabel('Adresse e-mail'),
  password: page.getByLabel(/^Mot de passe/),
  submit: page.getByRole('button', { name: 'Se connecter' }),
});

/** Fills and sends the login form of the page already open. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/** Opens the login page and signs in. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/customer/Login');
  await submitLogin(page, email, password);
}
