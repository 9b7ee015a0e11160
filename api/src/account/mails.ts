import type { Mail } from './mailer.ts';

export const RESET_TOKEN_VALIDITY_MS = 60 * 60 * 1000;

/** The French password-reset mail: the single-use link and its one-hour validity. */
export function resetPasswordMail(
  user: { email: string; firstname: string | null; lastname: string | null },
  link: string,
): Mail {
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ');
  return {
    to: user.email,
    subject: 'Réinitialisation de votre mot de passe',
    text: [
      name === '' ? 'Bonjour,' : `Bonjour ${name},`,
      '',
      'Vous avez demandé à réinitialiser le mot de passe de votre compte sur le portail.',
      'Pour choisir un nouveau mot de passe, ouvrez le lien suivant :',
      '',
      link,
      '',
      "Ce lien est valable une heure et ne peut être utilisé qu'une seule fois.",
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
      '',
      "L'équipe du portail",
    ].join('\n'),
  };
}

export const EMAIL_CHANGE_VALIDITY_MS = 24 * 60 * 60 * 1000;

/** The French mail to a new login address: following its link makes the address the account's. */
export function emailChangeMail(
  user: { firstname: string | null; lastname: string | null },
  newEmail: string,
  link: string,
): Mail {
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ');
  return {
    to: newEmail,
    subject: 'Confirmez votre nouvelle adresse e-mail',
    text: [
      name === '' ? 'Bonjour,' : `Bonjour ${name},`,
      '',
      `Vous avez demandé que ${newEmail} devienne l'adresse de connexion de votre compte sur le portail.`,
      'Pour confirmer ce changement, ouvrez le lien suivant :',
      '',
      link,
      '',
      "Ce lien est valable 24 heures et ne peut être utilisé qu'une seule fois.",
      "Tant qu'il n'est pas suivi, votre adresse actuelle reste celle de votre compte.",
      '',
      "L'équipe du portail",
    ].join('\n'),
  };
}
