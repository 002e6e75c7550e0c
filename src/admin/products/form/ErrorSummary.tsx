import { Alert, AlertTitle, Box, Link } from '@mui/material';
import { useFormState, type FieldErrors } from 'react-hook-form';
import { dayOfField } from '../../../shared/product';
import { useMessages } from '../../i18n';

interface Problem {
  field: string;
  message: string;
  day?: number;
}

function flatten(errors: FieldErrors, prefix = ''): Problem[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== 'object') return [];
    const field = `${prefix}${key}`;
    if ('message' in value && typeof value.message === 'string')
      return [{ field, message: value.message }];
    return flatten(value as FieldErrors, `${field}.`);
  });
}

/**
 * After a refused save, every problem in one list, by day, each a link to its day: with hundreds
 * of days, the one to fix may be far off screen.
 */
export function ErrorSummary({ days, onJump }: { days: number; onJump: (day: number) => void }) {
  const t = useMessages();
  const { errors, isSubmitted } = useFormState();
  if (!isSubmitted) return null;
  const problems = flatten(errors)
    .map((problem) => ({ ...problem, day: dayOfField(problem.field, days) }))
    .sort((a, b) => (a.day ?? -1) - (b.day ?? -1));
  if (problems.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      <AlertTitle>{t('products.errorsSummary')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {problems.slice(0, 20).map((problem) => (
          <li key={problem.field}>
            {problem.day === undefined ? (
              problem.message
            ) : (
              <Link
                component="button"
                type="button"
                onClick={() => onJump(problem.day!)}
                sx={{ verticalAlign: 'baseline' }}
              >
                {problem.message}
              </Link>
            )}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
