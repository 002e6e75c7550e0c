import { z } from 'zod';
import { MEDIA_ACCEPT } from '../../shared/media';

/**
 * POST /api/media: one file in a multipart form, as the API's reference describes it. The server
 * reads the upload as a stream and checks its name, content and size itself (server/media).
 */
export const mediaUploadForm = z.object({
  file: z.file().describe(`One file: ${MEDIA_ACCEPT} (spec section 5 gives the sizes)`),
});
