import { formatMessage } from '../../shared/format';
import { messages } from '../../shared/messages';
import type { ClickFigures } from '../../shared/responses/clicks';
import type { AnalyticsProgramDay } from '../../shared/responses/figures';

/** A line of the tracked links' table and CSV: a program day, or one of its several links. */
export interface LinkRow {
  key: string;
  programId: string;
  programName: string;
  day: number;
  /** The link's URL; for the day of several links, that it counts any of them. */
  link: string;
  figures: ClickFigures;
  /** The day's own line (its first), which names the program and the day. */
  dayLine: boolean;
}

const figuresOf = ({ messages: count, reached, clicked, rate }: ClickFigures): ClickFigures => ({
  messages: count,
  reached,
  clicked,
  rate,
});

/**
 * Each program day as a line: with one link, the link's figures are the day's; with several, the
 * day's line counts the people who opened any of them, and a line for each link follows.
 */
export function linkRows(programDays: readonly AnalyticsProgramDay[]): LinkRow[] {
  return programDays.flatMap((programDay) => {
    const { programId, programName, day, links } = programDay;
    const key = `${programId}-${day}`;
    const dayLine: LinkRow = {
      key,
      programId,
      programName,
      day,
      link:
        links.length === 1
          ? links[0]!.url
          : formatMessage(messages.analytics.links.allLinks, { count: links.length }),
      figures: figuresOf(programDay),
      dayLine: true,
    };
    if (links.length === 1) return [dayLine];
    return [
      dayLine,
      ...links.map((link) => ({
        key: `${key}-${link.linkIndex}-${link.url}`,
        programId,
        programName,
        day,
        link: link.url,
        figures: figuresOf(link),
        dayLine: false,
      })),
    ];
  });
}
