import { Box, Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';

/** The editor and its tiptap code: a chunk fetched when a contact form first opens. */
const BioInput = lazy(() => import('./BioInput'));

/** The contact form's bio/notes field; until the editor is here, a box of its size. */
export function BioField() {
  return (
    <Suspense
      fallback={
        <Box aria-hidden sx={{ minHeight: 150 }}>
          <Skeleton variant="text" width={96} />
          <Skeleton variant="rounded" height={120} />
        </Box>
      }
    >
      <BioInput />
    </Suspense>
  );
}
