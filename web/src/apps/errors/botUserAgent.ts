/** Crawlers and link previewers: they get no error page, the error is only logged (SPEC 2). */
const BOT_USER_AGENT =
  /bot\b|bot\/|crawler|crawling|spider|googlebot|bingbot|slurp|duckduckbot|baiduspider|yandex(bot|images)?|sogou|exabot|facebookexternalhit|facebot|ia_archiver|applebot|semrush|ahrefs|mj12bot|petalbot|bytespider|gptbot|claudebot|ccbot|linkedinbot|twitterbot|slackbot|discordbot|whatsapp|telegrambot|embedly|pinterest|lighthouse|pagespeed/i;

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && BOT_USER_AGENT.test(userAgent);
}
