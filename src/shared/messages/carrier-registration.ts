/**
 * Help > Carrier registration (issue 26): what 10DLC and toll-free verification forms ask, from
 * Tidings' own programs, products and texts (GET /api/carrier-registration).
 */
export const carrierRegistration = {
  title: 'Carrier registration',
  intro:
    'Carriers ask every business that texts from a 10DLC or toll-free number to register its campaign. Choose a program: this page fills in what the forms ask from the program, its product and the texts Tidings sends. Copy each block into the form.',
  back: 'Back to Help',
  program: 'Program',
  chooseProgram: 'Choose a program to fill in its description, frequency and samples.',
  loadFailed: 'Failed to load the carrier registration facts',
  copy: 'Copy',
  /** The copy button's accessible name: which block it copies. */
  copyLabel: 'Copy %{what}',
  optinRequest: 'Opt-in request',
  copied: 'Copied to the clipboard',
  copyFailed: 'The browser did not allow copying: select the text and copy it by hand.',
  /** The sections of the page. */
  sections: {
    description: 'Program description',
    frequency: 'Message frequency',
    optinFlow: 'Opt-in flow',
    samples: 'Sample messages',
    keywords: 'Keywords and replies',
    content: 'Links and phone numbers',
  },
  optinFlow:
    'Staff add the participant to a pod and send an opt-in request. The participant receives:',
  optinReply: 'The participant replies %{keyword}. Tidings answers:',
  picture: 'Picture message (MMS); the picture is at %{url}',
  hasBrand: 'Names %{brand}',
  noBrand: 'Does not name %{brand}',
  hasOptOut: 'Says how to opt out',
  noOptOut: 'Does not say how to opt out',
  fewSamples:
    "Carriers ask for at least %{min} sample messages: write more of the product's messages first.",
  samplesWithoutBrand:
    'No sample names %{brand} and says how to opt out: carriers expect at least one that does, as the pre-message should ("Reply STOP to opt out.").',
  keywordsOf: {
    optin: 'Opt-in keywords',
    optout: 'Opt-out keywords',
    help: 'Help keywords',
  },
  languages: { en: 'English', es: 'Spanish', fr: 'French' },
  replies: {
    optin: 'Reply to an opt-in keyword',
    optout: 'Reply to an opt-out keyword',
    help: 'Reply to a help keyword',
  },
  /** Where links or phone numbers were found. */
  where: {
    optinRequest: 'the opt-in request',
    optinConfirmation: 'the opt-in confirmation',
    optedOut: 'the opt-out confirmation',
    help: 'the help reply',
  },
  links: 'Embedded links: %{answer}.',
  phoneNumbers: 'Phone numbers: %{answer}.',
  yesIn: 'yes, in %{where}',
  no: 'no',
} as const;
