import CopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useDataProvider } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { CARRIER_SAMPLES, KEYWORD_READINGS } from '../../shared/carrier';
import type {
  ApiCarrierProgram,
  ApiCarrierRegistration,
  ApiCarrierSample,
  ApiContentFound,
} from '../../shared/responses/carrier';
import { messages } from '../../shared/messages';
import { ProgramField } from '../analytics/ProgramField';
import { useCopyToClipboard } from '../forms/useCopyToClipboard';
import { useMessages } from '../i18n';
import { HELP_PATH } from './helpPaths';
import { ErrorBanner } from '../lists/ErrorBanner';
import { PageHeader } from '../lists/ListParts';
import { PanelCard } from '../lists/PanelCard';
import { recordErrorMessage } from '../lists/listErrors';
import { dayTitle } from '../products/dayTitle';
import type { TidingsDataProvider } from '../providers/dataProvider';

type Translate = ReturnType<typeof useMessages>;

const list = new Intl.ListFormat('en', { type: 'conjunction' });

/** Copies `text` to the clipboard; its accessible name says what it copies. */
function CopyButton({ text, what }: { text: string; what: string }) {
  const t = useMessages();
  const copy = useCopyToClipboard({
    copied: t('carrierRegistration.copied'),
    failed: t('carrierRegistration.copyFailed'),
  });
  return (
    <Button
      size="small"
      startIcon={<CopyIcon />}
      onClick={() => void copy(text)}
      aria-label={t('carrierRegistration.copyLabel', { what })}
    >
      {t('carrierRegistration.copy')}
    </Button>
  );
}

/** A text as it goes into a form: its line breaks kept, long addresses wrapped. */
const CopyText = ({ text }: { text: string }) => (
  <Box
    component="pre"
    sx={{
      m: 0,
      p: 1.5,
      borderRadius: 1,
      bgcolor: 'action.hover',
      fontFamily: 'inherit',
      whiteSpace: 'pre-wrap',
      overflowWrap: 'anywhere',
    }}
  >
    {text}
  </Box>
);

/** One of several texts of a section, under its caption, with a button that copies it. */
function CopyBlock({
  label,
  text,
  children,
}: {
  label: string;
  text: string;
  children?: ReactNode;
}) {
  const captionId = useId();
  return (
    // Named by its caption, so each block can be found (and told apart) by it.
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0, mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography component="figcaption" id={captionId} variant="subtitle2">
          {label}
        </Typography>
        <CopyButton text={text} what={label} />
      </Box>
      <CopyText text={text} />
      {children}
    </Box>
  );
}

/** A section that is one text: its title names it, and its copy button stands beside the title. */
const CopySection = ({ title, text }: { title: string; text: string }) => (
  <PanelCard title={title} action={<CopyButton text={text} what={title} />} sx={{ mb: 2 }}>
    <CopyText text={text} />
  </PanelCard>
);

/** 'yes, in Day 2 and the help reply' or 'no'. */
function whereFound(t: Translate, found: ApiContentFound, productDays: number | null): string {
  const places = [
    ...found.days.map((day) => dayTitle(t, day, productDays)),
    ...found.replies.map((reply) => t(`carrierRegistration.where.${reply}`)),
  ];
  return places.length === 0
    ? t('carrierRegistration.no')
    : t('carrierRegistration.yesIn', { where: list.format(places) });
}

function SampleBlock({
  sample,
  program,
  brand,
}: {
  sample: ApiCarrierSample;
  program: ApiCarrierProgram;
  brand: string;
}) {
  const t = useMessages();
  const facts = [
    t(sample.brand ? 'carrierRegistration.hasBrand' : 'carrierRegistration.noBrand', { brand }),
    t(sample.optOut ? 'carrierRegistration.hasOptOut' : 'carrierRegistration.noOptOut'),
    ...(sample.mediaUrl ? [t('carrierRegistration.picture', { url: sample.mediaUrl })] : []),
  ];
  return (
    <CopyBlock label={dayTitle(t, sample.day, program.productDays)} text={sample.body}>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {facts.join(' · ')}
      </Typography>
    </CopyBlock>
  );
}

function ProgramSections({ program, brand }: { program: ApiCarrierProgram; brand: string }) {
  const t = useMessages();
  const { samples } = program;
  return (
    <>
      <CopySection
        title={t('carrierRegistration.sections.description')}
        text={program.description}
      />
      <CopySection title={t('carrierRegistration.sections.frequency')} text={program.frequency} />
      <PanelCard title={t('carrierRegistration.sections.samples')} sx={{ mb: 2 }}>
        {samples.length < CARRIER_SAMPLES.min && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('carrierRegistration.fewSamples', { min: CARRIER_SAMPLES.min })}
          </Alert>
        )}
        {samples.length > 0 && !samples.some((sample) => sample.brand && sample.optOut) && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('carrierRegistration.samplesWithoutBrand', { brand })}
          </Alert>
        )}
        {samples.map((sample) => (
          <SampleBlock key={sample.day} sample={sample} program={program} brand={brand} />
        ))}
      </PanelCard>
    </>
  );
}

function Facts({ facts }: { facts: ApiCarrierRegistration }) {
  const t = useMessages();
  const { optinFlow, program } = facts;
  const productDays = program?.productDays ?? null;
  const flow = [
    t('carrierRegistration.optinFlow'),
    optinFlow.request,
    t('carrierRegistration.optinReply', { keyword: optinFlow.keyword }),
    optinFlow.confirmation,
  ].join('\n');
  return (
    <>
      {program ? (
        <ProgramSections program={program} brand={facts.brand} />
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('carrierRegistration.chooseProgram')}
        </Typography>
      )}
      <PanelCard title={t('carrierRegistration.sections.optinFlow')} sx={{ mb: 2 }}>
        <CopyBlock label={t('carrierRegistration.sections.optinFlow')} text={flow} />
        <CopyBlock label={t('carrierRegistration.optinRequest')} text={optinFlow.request} />
      </PanelCard>
      <PanelCard title={t('carrierRegistration.sections.keywords')} sx={{ mb: 2 }}>
        {KEYWORD_READINGS.map((reading) => (
          <Box key={reading}>
            <CopyBlock
              label={t(`carrierRegistration.keywordsOf.${reading}`)}
              text={facts.keywords
                .filter((group) => group.reading === reading)
                .map(
                  (group) =>
                    `${t(`carrierRegistration.languages.${group.language}`)}: ${group.keywords.join(', ')}`,
                )
                .join('\n')}
            />
            <CopyBlock
              label={t(`carrierRegistration.replies.${reading}`)}
              text={facts.replies[reading]}
            />
          </Box>
        ))}
      </PanelCard>
      <CopySection
        title={t('carrierRegistration.sections.content')}
        text={[
          t('carrierRegistration.links', {
            answer: whereFound(t, facts.links, productDays),
          }),
          t('carrierRegistration.phoneNumbers', {
            answer: whereFound(t, facts.phoneNumbers, productDays),
          }),
        ].join('\n')}
      />
    </>
  );
}

/**
 * /help/carrier-registration: what 10DLC and toll-free verification forms ask, filled from
 * Tidings' own data for the program chosen (GET /api/carrier-registration), each fact in a block
 * to copy into the form. The program lives in the address, so the page can be linked to.
 */
export default function CarrierRegistrationPage() {
  const t = useMessages();
  const dataProvider = useDataProvider<TidingsDataProvider>();
  const [search, setSearch] = useSearchParams();
  const programId = search.get('programId') || null;
  const { data, error, isPending } = useQuery({
    queryKey: ['carrier-registration', programId],
    queryFn: () => dataProvider.getCarrierRegistration(programId),
    retry: false,
  });
  return (
    <Box component="article" aria-label={t('carrierRegistration.title')} sx={{ maxWidth: 860 }}>
      <PageHeader
        title={t('carrierRegistration.title')}
        action={
          <Link component={RouterLink} to={HELP_PATH}>
            {t('carrierRegistration.back')}
          </Link>
        }
      />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography sx={{ mb: 2 }}>{t('carrierRegistration.intro')}</Typography>
          <ProgramField
            programId={programId}
            onChange={(id) => setSearch(id ? { programId: id } : {})}
            label={t('carrierRegistration.program')}
            helperText={false}
          />
        </CardContent>
      </Card>
      {isPending ? (
        <CircularProgress size={24} aria-label={t('app.loading')} />
      ) : error ? (
        <ErrorBanner
          message={recordErrorMessage(error, {
            fetch: messages.carrierRegistration.loadFailed,
            load: messages.carrierRegistration.loadFailed,
          })}
        />
      ) : (
        <Facts facts={data} />
      )}
    </Box>
  );
}
