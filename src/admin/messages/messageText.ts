/** '21211: Invalid phone number', or whichever of the two the provider gave; null when neither. */
export function errorText({
  errorCode,
  errorMessage,
}: {
  errorCode: string | null;
  errorMessage: string | null;
}): string | null {
  if (errorCode && errorMessage) return `${errorCode}: ${errorMessage}`;
  return errorCode || errorMessage || null;
}
