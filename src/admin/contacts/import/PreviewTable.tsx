import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, useMemo } from 'react';
import type { Role } from '../../../shared/constants';
import type { ImportMapping } from '../../../shared/contact-import';
import type { ImportPreview } from '../../../shared/responses/contact-imports';
import { useMessages } from '../../i18n';
import { previewFields, previewRows } from './previewRows';

/**
 * The file's first rows as the import will save them (lower-cased emails, E.164 phones, the
 * default role and country), each with its problems in the contact form's words, or 'Ready'.
 */
export function PreviewTable({
  rows,
  mapping,
  importerRole,
}: {
  rows: ImportPreview['rows'];
  mapping: ImportMapping;
  importerRole: Role;
}) {
  const t = useMessages();
  const fields = useMemo(() => previewFields(mapping), [mapping]);
  const preview = useMemo(
    () => previewRows(rows, mapping, importerRole),
    [rows, mapping, importerRole],
  );
  const title = t('contactImport.previewTitle', { count: rows.length });
  const titleId = useId();
  return (
    <Box>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {/* It scrolls both ways: a named region in the tab order, so the arrow keys scroll it. */}
      <TableContainer
        tabIndex={0}
        role="region"
        aria-labelledby={titleId}
        sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Table size="small" stickyHeader aria-label={title}>
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableCell>{t('contactImport.row')}</TableCell>
              {fields.map((field) => (
                <TableCell key={field}>{t(`contacts.fields.${field}`)}</TableCell>
              ))}
              <TableCell>{t('contactImport.problems')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.map(({ row, values, problems }) => (
              <TableRow key={row}>
                <TableCell>{row}</TableCell>
                {fields.map((field) => (
                  <TableCell
                    key={field}
                    sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }}
                  >
                    {values[field]}
                  </TableCell>
                ))}
                <TableCell sx={{ minWidth: 240 }}>
                  {problems.length === 0 ? (
                    <Typography variant="body2" color="success.main">
                      {t('contactImport.ready')}
                    </Typography>
                  ) : (
                    problems.map(({ field, message }) => (
                      <Typography key={field} variant="body2" color="error">
                        {t('contactImport.fieldProblem', {
                          field: t(`contacts.fields.${field}`),
                          message,
                        })}
                      </Typography>
                    ))
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
