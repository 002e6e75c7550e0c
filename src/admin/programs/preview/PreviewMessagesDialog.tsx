import NextIcon from '@mui/icons-material/ChevronRight';
import PreviousIcon from '@mui/icons-material/ChevronLeft';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { zonePlace } from '../../../shared/format';
import { MEDIA_URL_PREFIX, mediaFormatOf, mediaNameFromUrl } from '../../../shared/media';
import type {
  ApiPreviewRecipient,
  ApiProgramPreview,
  Program,
} from '../../../shared/responses/programs';
import { useMessages } from '../../i18n';
import { ErrorBanner } from '../../lists/ErrorBanner';
import { useStatusWords } from '../../messages/useStatusWords';
import { dayTitle } from '../../products/dayTitle';
import { serverMessage } from '../../providers/httpClient';
import { formatLocalDate, formatSendAt } from '../scheduleFormat';
import { useProgramPreview } from './useProgramPreview';

/** Recipients a page of the picker holds. */
export const PREVIEW_PER_PAGE = 20;

type Translate = ReturnType<typeof useMessages>;

/** What the preview flags in a recipient's message, in words; none when nothing is flagged. */
export function flagTexts(t: Translate, recipient: ApiPreviewRecipient, counted: number): string[] {
  const texts: string[] = [];
  if (recipient.moreSegmentsThanCounted) {
    texts.push(t('programs.preview.moreSegments', { segments: recipient.segments, counted }));
  } else if (recipient.overOneSegment) {
    texts.push(t('programs.preview.overOneSegment', { segments: recipient.segments }));
  }
  for (const field of recipient.emptyFields) texts.push(t(`programs.preview.emptyFields.${field}`));
  return texts;
}

const nameOf = (t: Translate, recipient: ApiPreviewRecipient) =>
  recipient.contactName || t('programs.preview.noName');

/**
 * The message's picture or video, as small as a phone shows it before it is opened: served from
 * this console's own /media/ when the URL names an upload, so it shows whatever PUBLIC_URL is.
 */
function MediaThumbnail({ url }: { url: string }) {
  const t = useMessages();
  const name = mediaNameFromUrl(url);
  const src = name ? `${MEDIA_URL_PREFIX}${name}` : url;
  const style = { display: 'block', maxWidth: '100%', maxHeight: 160, borderRadius: 8 };
  return mediaFormatOf(src)?.type === 'video' ? (
    <video src={src} controls muted style={style} aria-label={t('programs.preview.media')} />
  ) : (
    <img src={src} alt={t('programs.preview.media')} style={style} />
  );
}

/** The message as the recipient's phone shows it: a received bubble, its media above the text. */
function PhoneBubble({ recipient }: { recipient: ApiPreviewRecipient }) {
  const t = useMessages();
  const name = nameOf(t, recipient);
  return (
    <Box
      component="figure"
      aria-label={t('programs.preview.phone', { name })}
      sx={{
        m: 0,
        p: 1.5,
        pb: 3,
        border: 6,
        borderColor: 'grey.800',
        borderRadius: 5,
        bgcolor: 'background.paper',
        maxWidth: 360,
        mx: 'auto',
      }}
    >
      <Typography
        component="figcaption"
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', textAlign: 'center', mb: 1.5 }}
      >
        {t('programs.preview.to', { name, phone: recipient.phone })}
      </Typography>
      <Box
        sx={{
          maxWidth: '85%',
          px: 1.5,
          py: 1,
          borderRadius: 3,
          borderBottomLeftRadius: 4,
          bgcolor: 'grey.200',
          color: 'text.primary',
        }}
      >
        {recipient.mediaUrl && (
          <Box sx={{ mb: 1 }}>
            <MediaThumbnail url={recipient.mediaUrl} />
          </Box>
        )}
        <Typography
          variant="body2"
          data-testid="preview-body"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {recipient.body}
        </Typography>
      </Box>
    </Box>
  );
}

/** Encoding, segments and when it goes; whether it is the planned row or as it will be planned. */
function MessageFacts({
  recipient,
  preview,
}: {
  recipient: ApiPreviewRecipient;
  preview: ApiProgramPreview;
}) {
  const t = useMessages();
  const words = useStatusWords();
  const due = formatSendAt(new Date(recipient.sendAt), preview.timeZone);
  const hold = recipient.heldUntil;
  const held = hold && formatSendAt(new Date(hold.until), hold.timeZone);
  const facts = [
    // A rolling program's participant: the day 0 their calendar counts from.
    ...(recipient.startDate
      ? [{ term: t('programs.preview.dayZero'), value: formatLocalDate(recipient.startDate) }]
      : []),
    {
      term: t('programs.preview.encoding'),
      value: recipient.encoding === 'GSM-7' ? t('products.sms.gsm') : t('products.sms.ucs2'),
    },
    {
      term: t('programs.preview.segments'),
      value: t('products.sms.segments', { count: recipient.segments }),
    },
    {
      term: t('programs.preview.goes'),
      value:
        hold && held
          ? t('programs.preview.held', { ...held, place: zonePlace(hold.timeZone) })
          : t('programs.preview.at', due),
    },
  ];
  return (
    <>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 0.5,
          my: 2,
        }}
      >
        {facts.map((fact) => (
          <Box key={fact.term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {fact.term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {fact.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {recipient.planned && recipient.status
          ? t('programs.preview.planned', { status: words.word(recipient.status) })
          : t('programs.preview.notPlanned')}
        {!recipient.planned && preview.trackedLinks > 0 && ` ${t('programs.preview.standInCodes')}`}
      </Typography>
    </>
  );
}

function RecipientFlags({ texts }: { texts: string[] }) {
  const t = useMessages();
  if (texts.length === 0) {
    return (
      <Alert severity="success" sx={{ mt: 2 }}>
        {t('programs.preview.noFlags')}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" sx={{ mt: 2 }} role="region" aria-label={t('programs.preview.flags')}>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {texts.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </Box>
    </Alert>
  );
}

/** The recipient picker over the page, and the page's place among them all. */
function RecipientPicker({
  preview,
  chosen,
  onChoose,
  page,
  onPage,
  count,
  loading,
}: {
  preview: ApiProgramPreview;
  chosen: ApiPreviewRecipient;
  onChoose: (contactId: string) => void;
  page: number;
  onPage: (page: number) => void;
  /** How many recipients the pages hold: all, or the flagged ones. */
  count: number;
  /** The page asked for is on its way: the buttons wait for it. */
  loading: boolean;
}) {
  const t = useMessages();
  const from = (page - 1) * PREVIEW_PER_PAGE + 1;
  const to = Math.min(page * PREVIEW_PER_PAGE, count);
  const label = (recipient: ApiPreviewRecipient) =>
    t('programs.preview.recipientOption', { name: nameOf(t, recipient), phone: recipient.phone });
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <TextField
        select
        label={t('programs.preview.recipient')}
        value={chosen.contactId}
        onChange={(event) => onChoose(event.target.value)}
        size="small"
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{
          select: {
            renderValue: () => label(chosen),
          },
        }}
      >
        {preview.recipients.map((recipient) => {
          const flags = flagTexts(t, recipient, preview.counted.segments);
          return (
            <MenuItem key={recipient.contactId} value={recipient.contactId}>
              {flags.length > 0 && (
                <WarningIcon fontSize="small" color="warning" sx={{ mr: 1 }} aria-hidden />
              )}
              <ListItemText primary={label(recipient)} secondary={flags.join('; ') || undefined} />
            </MenuItem>
          );
        })}
      </TextField>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <IconButton
          aria-label={t('programs.preview.previousPage')}
          disabled={loading || page <= 1}
          onClick={() => onPage(page - 1)}
          size="small"
        >
          <PreviousIcon />
        </IconButton>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {t('programs.preview.range', { from, to, total: count })}
        </Typography>
        <IconButton
          aria-label={t('programs.preview.nextPage')}
          disabled={loading || to >= count}
          onClick={() => onPage(page + 1)}
          size="small"
        >
          <NextIcon />
        </IconButton>
      </Stack>
    </Stack>
  );
}

/**
 * Preview messages: the exact text each recipient of a day gets, on a phone, with its encoding,
 * segments and when it goes, a page of recipients at a time, and what the preview flags (more
 * segments than the product editor counted, a field with no value and no fallback); 'Only flagged
 * recipients' pages through those alone. A rolling program's recipients are its active
 * participants, each with their day 0 and the time the day goes on their own calendar.
 */
export function PreviewMessagesDialog({
  program,
  day,
  onClose,
}: {
  program: Program;
  day: number;
  onClose: () => void;
}) {
  const t = useMessages();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const { data, error, isPending, isPlaceholderData } = useProgramPreview(program.id, {
    day,
    page,
    perPage: PREVIEW_PER_PAGE,
    flagged: flaggedOnly,
  });
  const title = dayTitle(t, day, program.productDays);
  const chosen =
    data?.recipients.find((recipient) => recipient.contactId === chosenId) ?? data?.recipients[0];
  const turnPage = (next: number) => {
    setPage(next);
    setChosenId(null);
  };
  // A cohort program's day goes out at one time; a rolling one's at each participant's own.
  const goesOut = data?.sendAt
    ? t('programs.preview.goesOut', {
        day: title,
        ...formatSendAt(new Date(data.sendAt), data.timeZone),
        place: zonePlace(data.timeZone),
      })
    : data && t('programs.preview.goesOutRolling', { day: title, place: zonePlace(data.timeZone) });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('programs.preview.title', { day: title })}</DialogTitle>
      <DialogContent>
        <ErrorBanner
          message={error ? serverMessage(error, t('programs.preview.loadFailed')) : null}
        />
        {isPending ? (
          <CircularProgress size={24} aria-label={t('app.loading')} />
        ) : data && goesOut ? (
          <>
            <Typography variant="body2">
              {goesOut}{' '}
              {t('programs.preview.counted', {
                segments: data.counted.segments,
                encoding: data.counted.encoding,
              })}
            </Typography>
            <Stack
              direction="row"
              spacing={2}
              sx={{
                my: 1,
                alignItems: 'center',
                justifyContent: 'space-between',
                flexWrap: 'wrap',
              }}
            >
              <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                {data.flagged > 0 && <WarningIcon fontSize="small" color="warning" aria-hidden />}
                {t('programs.preview.flaggedSummary', { flagged: data.flagged, total: data.total })}
              </Typography>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={flaggedOnly}
                    onChange={(event) => {
                      setFlaggedOnly(event.target.checked);
                      turnPage(1);
                    }}
                  />
                }
                label={t('programs.preview.flaggedOnly', { count: data.flagged })}
              />
            </Stack>
            {chosen ? (
              <>
                <RecipientPicker
                  preview={data}
                  chosen={chosen}
                  onChoose={setChosenId}
                  page={page}
                  onPage={turnPage}
                  count={flaggedOnly ? data.flagged : data.total}
                  loading={isPlaceholderData}
                />
                <Box sx={{ mt: 2 }}>
                  <PhoneBubble recipient={chosen} />
                </Box>
                <MessageFacts recipient={chosen} preview={data} />
                <RecipientFlags texts={flagTexts(t, chosen, data.counted.segments)} />
              </>
            ) : (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                {flaggedOnly
                  ? t('programs.preview.noneFlagged')
                  : data.enrollment === 'rolling'
                    ? t('programs.preview.nobodyRolling')
                    : t('programs.preview.nobody')}
              </Typography>
            )}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('programs.preview.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
