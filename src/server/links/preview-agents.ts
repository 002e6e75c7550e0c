/**
 * The clients that fetch a short link without a person opening it: link previews (a messaging
 * app or social site reading the page to draw a card), crawlers, scanners, and programs. Their
 * requests are recorded but not counted as clicks (links/clicks.ts). Each entry names where its
 * agent string comes from; tests/api/short-links.test.ts sends the real strings.
 *
 * Matching is by a token of the agent, case-insensitively, never by a loose word such as "bot"
 * (a phone model may be called Cubot) or an app's name alone (an app's own browser says
 * "Twitter for iPhone" or "[Pinterest/iOS]" when a person taps a link in it, and that counts).
 * A scanner that sends a browser's agent cannot be told from a person, and is counted.
 */

/** The list behind most entries: each pattern there with the agent's own page and real strings. */
const CRAWLER_LIST = 'https://github.com/monperrus/crawler-user-agents';

const PREVIEW_AGENTS: readonly { token: RegExp; source: string }[] = [
  {
    // Apple's Messages (iMessage) previews send `… facebookexternalhit/1.1 Facebot Twitterbot/1.0`
    // (seen in server logs: peter.upfold.org.uk/blog/2019/02); WhatsApp's previews use it too.
    token: /facebookexternalhit|Facebot/,
    source: 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers/',
  },
  { token: /Twitterbot/, source: 'https://dev.twitter.com/cards/getting-started' },
  { token: /Slackbot|Slack-ImgProxy/, source: 'https://api.slack.com/robots' },
  {
    // `WhatsApp/2.23.18.78 i`; Signal's previews send `WhatsApp/2` as well
    // (github.com/flyerhq/flutter_link_previewer/pull/43).
    token: /\bWhatsApp\b/,
    source: 'https://opengraphplus.com/consumers/whatsapp/crawling',
  },
  // `TelegramBot (like TwitterBot)`, `Mozilla/5.0 (compatible; Discordbot/2.0; …)`,
  // `LinkedInBot/1.0 (compatible; Mozilla/5.0; …)`.
  { token: /TelegramBot|Discordbot|LinkedInBot/, source: CRAWLER_LIST },
  // Skype's chat previews, and Microsoft's for Teams and Outlook.
  { token: /SkypeUriPreview/, source: CRAWLER_LIST },
  {
    token: /MicrosoftPreview/,
    source: 'https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0',
  },
  {
    // Google Messages' link previews, in Google's list of user-triggered fetchers since
    // January 2026.
    token: /GoogleMessages/,
    source:
      'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers',
  },
  {
    // Google's web snippet renderer, which drew Android Messages' and Google Chat's previews.
    token: /Google-PageRenderer/,
    source: 'https://github.com/vercel/next.js/discussions/31482',
  },
  {
    // Googlebot (-Image, -Mobile…), the Search Console's inspection, the ads landing-page check,
    // the malware and abuse scanner, Read Aloud.
    token: /Googlebot|Google-InspectionTool|AdsBot-Google|Google-Safety|Google-Read-Aloud/,
    source: 'https://developers.google.com/search/docs/crawling-indexing/overview-google-crawlers',
  },
  {
    token: /bingbot|BingPreview|adidxbot/,
    source: 'https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0',
  },
  { token: /Applebot/, source: 'http://www.apple.com/go/applebot' },
  // `Pinterestbot/1.0` and `Pinterest/0.2 (+http://www.pinterest.com/bot.html)`.
  { token: /Pinterestbot|pinterest\.com\/bot/, source: 'http://www.pinterest.com/bot.html' },
  { token: /redditbot/, source: 'http://www.reddit.com/feedback' },
  { token: /Embedly/, source: 'http://support.embed.ly' },
  { token: /Iframely/, source: 'https://iframely.com/docs/about' },
  { token: /vkShare/, source: 'http://vk.com/dev/Share' },
  { token: /Slurp/, source: 'http://help.yahoo.com/help/us/ysearch/slurp' },
  {
    token: /Yahoo Link Preview/,
    source: 'https://help.yahoo.com/kb/mail/yahoo-link-preview-SLN23615.html',
  },
  {
    token: /YandexBot|yandex\.com\/bots/,
    source: 'https://yandex.ru/support/webmaster/robot-workings/check-yandex-robots.html',
  },
  // A Mastodon server reading a posted link: `http.rb/2.2.2 (Mastodon/1.5.1; +https://…/)`.
  { token: /Mastodon\//, source: CRAWLER_LIST },
  {
    token: /SnapURLPreview|Snap URL Preview Service/,
    source: 'https://developers.snap.com/robots',
  },
  { token: /BlueskyPreviewBot/, source: 'https://docs.bsky.app' },
  // A browser driven by a program (scanners, prerenderers), not a person at a screen.
  {
    token: /HeadlessChrome/,
    source: 'https://developers.google.com/web/updates/2017/04/headless-chrome',
  },
  // Command-line and library clients: someone checking a link from a terminal is staff testing
  // it, not a participant opening it; the rest are scripts and scanners.
  {
    token: /^(curl|Wget|python-requests|Python-urllib|Go-http-client|okhttp)\b/,
    source: CRAWLER_LIST,
  },
];

const ANY_PREVIEW_AGENT = new RegExp(
  PREVIEW_AGENTS.map(({ token }) => `(?:${token.source})`).join('|'),
  'i',
);

/**
 * Whether a request with this User-Agent is a preview, crawler, scanner or program rather than a
 * person. No agent at all counts as one too: every browser sends one.
 */
export function isPreviewAgent(userAgent: string | undefined): boolean {
  if (!userAgent?.trim()) return true;
  return ANY_PREVIEW_AGENT.test(userAgent);
}
