import { Box } from '@mui/material';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { conclusionDay } from '../../../shared/product';
import { useMessages } from '../../i18n';
import { dayElementId, dayTextId, MessageEditor, STICKY_BAR_HEIGHT } from './MessageEditor';

/** Products longer than this render only the days on screen (and a few around them). */
export const VIRTUALIZE_ABOVE = 16;
/** A jump asks the virtualizer again every this many frames, and gives up after the maximum. */
const JUMP_RETRY_FRAMES = 20;
const JUMP_MAX_FRAMES = 600;

export interface MessageListHandle {
  /** Scrolls day `day` (0 = pre-message, days+1 = conclusion) into view and focuses its text. */
  jumpTo(day: number): void;
}

interface Item {
  path: string;
  day: number;
  title: string;
}

/** Every message of the product in day order: day d is item d. */
export const MessageList = forwardRef<MessageListHandle, { days: number }>(function MessageList(
  { days },
  ref,
) {
  const t = useMessages();
  const items: Item[] = useMemo(
    () => [
      { path: 'preMessage', day: 0, title: t('products.dayTitles.pre') },
      ...Array.from({ length: days }, (_, i) => ({
        path: `messages.${i}`,
        day: i + 1,
        title: t('products.dayTitles.day', { n: i + 1 }),
      })),
      {
        path: 'conclusionMessage',
        day: conclusionDay(days),
        title: t('products.dayTitles.conclusion', { n: conclusionDay(days) }),
      },
    ],
    [days, t],
  );
  const virtual = items.length > VIRTUALIZE_ABOVE;
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The list's distance from the top of the page moves when content above it does (an error
  // banner, the summary); measure it after every render. The comparison stops the loop.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => 330,
    overscan: 3,
    scrollMargin,
    scrollPaddingStart: STICKY_BAR_HEIGHT,
    enabled: virtual,
  });

  useImperativeHandle(
    ref,
    () => ({
      jumpTo(day: number) {
        const index = Math.max(0, Math.min(day, items.length - 1));
        const show = (element: HTMLElement) => {
          element.scrollIntoView({ block: 'start' });
          document.getElementById(dayTextId(index))?.focus({ preventScroll: true });
        };
        if (!virtual) {
          const element = document.getElementById(dayElementId(index));
          if (element) show(element);
          return;
        }
        // The virtualizer scrolls by estimated heights and corrects itself for a few seconds; on a
        // busy machine it can give up short of the day. So ask again until the day's editor is
        // mounted, then scroll the real element, whose position is exact.
        const settle = (frame: number) => {
          const element = document.getElementById(dayElementId(index));
          if (element) return show(element);
          if (frame % JUMP_RETRY_FRAMES === 0) virtualizer.scrollToIndex(index, { align: 'start' });
          if (frame < JUMP_MAX_FRAMES) requestAnimationFrame(() => settle(frame + 1));
        };
        settle(0);
      },
    }),
    [items.length, virtual, virtualizer],
  );

  if (!virtual) {
    return (
      <Box ref={listRef} sx={{ display: 'grid', gap: 2 }}>
        {items.map((item) => (
          <MessageEditor key={item.path} {...item} />
        ))}
      </Box>
    );
  }

  const rows = virtualizer.getVirtualItems();
  return (
    <Box ref={listRef} sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
      {rows.map((row) => {
        const item = items[row.index]!;
        return (
          <Box
            key={item.path}
            data-index={row.index}
            ref={virtualizer.measureElement}
            sx={{ position: 'absolute', top: 0, left: 0, width: '100%', pb: 2 }}
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            <MessageEditor {...item} />
          </Box>
        );
      })}
    </Box>
  );
});
