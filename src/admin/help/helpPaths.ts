/** Help's pages: the page itself, and Carrier registration under it (issue 26). */
export const HELP_PATH = '/help';
export const CARRIER_REGISTRATION_PATH = `${HELP_PATH}/carrier-registration`;
