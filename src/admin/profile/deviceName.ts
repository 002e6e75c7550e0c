import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';

const t = messages.profile.device;

/**
 * Browsers by their User-Agent tokens, most specific first: Edge, Opera and Samsung Internet also
 * say Chrome, and Chrome also says Safari. No library: a readable guess is all a person needs to
 * recognise their own devices, and the raw string is shown on hover.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: [RegExp, string][], text: string) =>
  list.find(([pattern]) => pattern.test(text))?.[1];

/** 'Firefox on Linux', 'Safari on iPhone'; 'Unknown device' when nothing is recognised. */
export function deviceName(userAgent: string | null | undefined): string {
  const browser = userAgent ? first(BROWSERS, userAgent) : undefined;
  const system = userAgent ? first(SYSTEMS, userAgent) : undefined;
  if (!browser && !system) return t.unknown;
  if (!system) return browser!;
  return formatMessage(t.onSystem, { browser: browser ?? t.unknownBrowser, system });
}
