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

export const INVITATION_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;

/** The French invitation to a new account: its link sets the password, once, within seven days. */
export function invitationMail(
  user: { email: string; firstname: string | null; lastname: string | null },
  companyNames: readonly string[],
  link: string,
): Mail {
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ');
  return {
    to: user.email,
    subject: 'Votre accès au portail de gestion des déchets',
    text: [
      name === '' ? 'Bonjour,' : `Bonjour ${name},`,
      '',
      companyNames.length === 0
        ? 'Un compte a été créé pour vous sur le portail de gestion des déchets.'
        : `Un compte a été créé pour vous sur le portail de gestion des déchets (${companyNames.join(', ')}).`,
      'Pour choisir votre mot de passe et vous connecter, ouvrez le lien suivant :',
      '',
      link,
      '',
      `Ce lien est valable 7 jours et ne peut être utilisé qu'une seule fois. Votre identifiant est ${user.email}.`,
      "Si vous n'attendiez pas ce message, ignorez-le : aucun accès ne sera ouvert sans vous.",
      '',
      "L'équipe du portail",
    ].join('\n'),
  };
}
