/**
 * The version of the terms of use in force: the highest version of the `cgu` text already published, null while
 * none is. An SQL expression, so that reading a user and recording an acceptance agree within one statement.
 */
export const CURRENT_TERMS_VERSION_SQL = `(select max(version) from static_contents
  where code = 'cgu' and published_at <= now())`;

/**
 * Whether the user of `users` row `alias` accepted the terms in force: they accepted, and no version was
 * published since the one they accepted.
 */
export const termsAcceptedSql = (alias: string) =>
  `(${alias}.has_accepted_cgu and coalesce(${alias}.cgu_accepted_version, 0) >= coalesce(${CURRENT_TERMS_VERSION_SQL}, 0))`;
