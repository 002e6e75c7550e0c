/**
 * Every user-facing text of Tidings, in one place.
 *
 * The console reads these through react-admin's i18n (under the `tidings` key, see
 * src/admin/i18n.ts) and the server reads the same strings for its validation errors, so tests
 * import exactly what a user sees. Placeholders use polyglot's `%{name}` syntax; on the server,
 * fill them with `formatMessage` from ./format.
 *
 * Texts quoted by the specification are copied verbatim; do not reword them.
 */
export const messages = {
  app: {
    name: 'Tidings',
    loading: 'Loading...',
    tryAgain: 'Try Again',
    dismiss: 'Dismiss',
    cancel: 'Cancel',
    never: 'Never',
  },

  nav: {
    dashboard: 'Dashboard',
    programs: 'Programs',
    products: 'Products',
    contacts: 'Contacts',
    pods: 'Pods',
    analytics: 'Analytics',
    profile: 'Profile',
    help: 'Help',
    logout: 'Logout',
    /** The top bar's inbox button: its name says how many replies are new. */
    inbox: 'Inbox',
    inboxCount: 'Inbox: %{smart_count} new reply |||| Inbox: %{smart_count} new replies',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    /** The name of the narrow screen's menu drawer and its list of links. */
    menu: 'Menu',
  },

  login: {
    title: 'Sign in to Tidings',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    signingIn: 'Signing in...',
    emailRequired: 'Email is required',
    passwordRequired: 'Password is required',
    /** Shown when the server gives no error text (spec section 8). */
    error: 'An error occurred during login',
  },

  auth: {
    /** Wrong email and wrong password get this same text, so accounts cannot be probed. */
    invalidCredentials: 'Invalid email or password',
    accountInactive: 'This account is not active. Ask an administrator to reactivate it.',
    emailNotVerified:
      'Please verify your email address before signing in. Check your inbox for the verification link.',
    tooManyAttempts: 'Too many failed sign-in attempts. Please try again in %{minutes} minute(s).',
    tokenRequired: 'Authentication required',
    sessionInvalid: 'Your session has expired or was signed out. Please sign in again.',
    /** Spec section 8: missing token messages. */
    noTokenList: 'No authentication token found',
    noTokenProgramCreate: 'Authentication required',
    noTokenSubmit: 'Authentication token not found. Please log in again.',
  },

  dashboard: {
    /** The newest replies waiting in the inbox. */
    inbox: {
      title: 'New replies',
      empty: 'No new replies: the inbox is clear.',
      all: 'Open the inbox (%{smart_count})',
      needsReview: '%{smart_count} may be a request to stop',
    },
    hello: 'Hello %{name}',
    /** Used in place of the first name when none is known: 'Hello there'. */
    noName: 'there',
    prompt: 'What would you like to do today?',
    sendTestMms: 'Send Test MMS',
    close: 'Close',
    shortcuts: {
      programs: 'Run a program',
      programsHelp: 'Pair a product with pods and a time zone.',
      products: 'Write a product',
      productsHelp: 'Compose the day-by-day message series.',
      contacts: 'Manage contacts',
      contactsHelp: 'Add participants, hosts and admins.',
      pods: 'Organise pods',
      podsHelp: 'Group participants to send them a program.',
      messages: 'Follow the messages',
      messagesHelp:
        'See each text on its way to the phone, why some did not arrive, and the replies phones sent.',
    },
    /** The figures under the greeting (GET /api/dashboard; counting rules in shared/dashboard.ts). */
    loading: "Loading today's figures",
    loadFailed: 'Failed to load the figures',
    today: {
      title: 'Today',
      /** '%{date}' is today's date in Los Angeles: 'Thursday, January 14'. */
      date: '%{date} (Los Angeles time)',
      due: 'Due today',
      dueHelp: 'Still to go out by midnight, overdue ones included',
      sent: 'Sent today',
      sentHelp: 'Handed to the SMS provider today',
      failed: 'Failed today',
      failedHelp: 'Failed or undelivered today',
    },
    running: {
      title: 'Running programs',
      count: '1 program running |||| %{smart_count} programs running',
      empty: 'No program is running right now.',
      all: 'All running programs',
    },
    failures: {
      title: 'Recent failures',
      empty: 'No message has failed. Every message so far went out or is on its way.',
      all: 'All failed messages',
      analytics: 'Delivery analytics',
    },
  },

  /** The dashboard's 'Send Test MMS' dialog: one message to a phone, sent at once. */
  testMms: {
    limit: 'Up to %{max} test messages every %{minutes} minutes.',
    /** With SMS_PROVIDER=log (GET /api/sms says so), nothing reaches a phone. */
    logProvider:
      'This server sends no SMS (SMS_PROVIDER=log): the message is logged and reported delivered a moment later.',
    recipient: 'Send to',
    recipients: { phone: 'A phone number', contact: 'A contact' },
    phone: 'Phone number',
    contact: 'Contact',
    contactHelp: 'Search by name, email or phone. Only contacts with a phone number can be chosen.',
    contactOption: '%{name} · %{phone}',
    contactNoPhone: '%{name} · no phone number',
    contactOptedOut: '%{name} · %{phone} · opted out',
    content: 'Message',
    contents: { text: 'Write a message', product: "A product's day" },
    body: 'Message text',
    product: 'Product',
    day: 'Day',
    preview: 'The message of that day',
    previewMedia: 'With %{filename}',
    previewEmpty: 'This day has no text yet.',
    send: 'Send',
    sending: 'Sending...',
    toRequired: 'Enter the phone number to send to',
    contactRequired: 'Choose a contact',
    bodyRequired: 'Write the message to send',
    productRequired: 'Choose a product',
    dayRequired: 'Choose a day of the product',
    /** Shown above the server's own text when it refuses a number that opted out (409). */
    optedOutTitle: 'Not sent: this number opted out',
    /** Shown above the server's own text when the user sent too many tests (429). */
    rateLimitedTitle: 'Not sent: too many test messages',
    failed: 'Failed to send the test message. Please try again.',
    network: 'Network error. Please check your connection and try again.',
    queued: 'Test message to %{to} is on its way.',
    sentTo: 'To %{to}',
    sentToContact: 'To %{name} (%{to})',
    status: 'Status: %{status}',
    failure: 'Why: %{reason}',
    /** While the status cannot be read: the dialog keeps asking. */
    statusUnavailable: 'The status could not be read just now; trying again.',
    openMessage: 'Open the message page',
    sendAnother: 'Send another',
  },

  /** /profile: the signed-in staff member's own account (issue 13). */
  profile: {
    title: 'Profile',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    lastLogin: 'Last sign-in',
    detailsTitle: 'Account',
    /** 'Last sign-in' is the one before this session; the first ever session has none. */
    firstSignIn: 'None before this session',
    memberSince: 'Member since',
    loadFailed: 'Failed to load your profile',
    loadFailedNetwork: 'Network error loading your profile',
    nameTitle: 'Your name',
    firstName: 'First name',
    lastName: 'Last name',
    saveName: 'Save name',
    nameSaved: 'Your name has been updated.',
    nameFailed: 'Failed to update your name. Please try again.',
    passwordTitle: 'Change password',
    passwordIntro:
      'Choose a new password of at least %{min} characters. Every other session of your account is signed out; this one stays.',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    changePassword: 'Change password',
    changing: 'Changing...',
    passwordChanged: 'Your password has been changed.',
    passwordChangedSignedOut:
      'Your password has been changed. %{smart_count} other session was signed out. |||| Your password has been changed. %{smart_count} other sessions were signed out.',
    passwordFailed: 'Failed to change your password. Please try again.',
    network: 'Network error. Please check your connection and try again.',
    sessions: {
      title: 'Active sessions',
      intro: 'Where your account is signed in now. A session ends after a day without use.',
      loadFailed: 'Failed to load your sessions',
      loadFailedNetwork: 'Network error loading your sessions',
      started: 'Signed in %{time}',
      lastActive: 'Last active %{time}',
      ip: 'IP %{ip}',
      unknownIp: 'IP unknown',
      thisDevice: 'This device',
      onlyThisDevice: 'You are signed in on this device only.',
      signOut: 'Sign out',
      signOutOne: 'Sign out this session',
      signOutOneConfirm: 'Sign out the session of %{device}? Whoever uses it must sign in again.',
      signedOutOne: 'The session was signed out.',
      signOutOthers: 'Sign out everywhere else',
      signOutOthersTitle: 'Sign out everywhere else?',
      signOutOthersConfirm:
        'Every session of your account except this one ends: on other computers, phones and browsers you must sign in again.',
      signedOutOthers:
        '%{smart_count} other session was signed out. |||| %{smart_count} other sessions were signed out.',
      signOutFailed: 'Failed to sign the sessions out. Please try again.',
    },
    /** A readable name for a session's browser and system, from its user agent. */
    device: {
      onSystem: '%{browser} on %{system}',
      unknown: 'Unknown device',
      unknownBrowser: 'Unknown browser',
    },
  },

  /** /help: its text is src/admin/help/help.md; these frame it. */
  help: {
    title: 'Help',
    contents: 'On this page',
  },

  /**
   * While the server only pretends to send (GET /api/simulation): SMS with SMS_PROVIDER=log, email
   * without SMTP_URL. A banner on every screen says so, and an outcome that was simulated says it
   * was, in place of the words for a real send.
   */
  simulation: {
    banner: {
      label: 'Simulated sending',
      sms: 'SMS is simulated: this server sends no text messages (SMS_PROVIDER=log). Each one is written to the server log and reported delivered.',
      email:
        'Email is simulated: this server sends no email (SMTP_URL is not set). Each one is written to the server log with its link.',
      both: 'SMS and email are simulated: this server sends no text messages (SMS_PROVIDER=log) and no email (SMTP_URL is not set). Each one is written to the server log.',
      setUp: 'How to set up sending',
    },
    /** The log provider's statuses keep their place; only their words change. */
    statuses: {
      sent: 'Sent (simulated)',
      delivered: 'Delivered (simulated)',
    },
    statusHelp: {
      sent: 'Simulated: written to the server log (SMS_PROVIDER=log). No phone received it.',
      delivered:
        'Simulated: the log provider reports every message delivered (SMS_PROVIDER=log). No phone received it.',
    },
    sentToday: 'Sent today (simulated)',
    sentTodayHelp: 'Written to the server log today: SMS is simulated, no phone received them',
    optinQueued:
      ' Opt-in message has been queued; SMS is simulated, so it goes to the server log, not to the phone.',
    welcomeQueued:
      ' Welcome email has been queued; email is simulated, so it goes to the server log, not to the inbox.',
    welcomeEmailSent:
      'Welcome email simulated %{time}: written to the server log, not sent (SMTP_URL is not set).',
    welcomeResent:
      'Welcome email has been queued; email is simulated, so it goes to the server log, not to the inbox.',
    /** Forgot password: the server's configuration, the same for every address. */
    resetLinkLogged:
      'If an account exists for that address, a link to reset the password was written to the server log: this server sends no email (SMTP_URL is not set).',
  },

  /**
   * The Analytics screen (/analytics): one range of Los Angeles days, optionally one program. What
   * each figure counts follows the rules in src/shared/analytics.ts; the range's errors are the
   * API's own (`analyticsApi`), checked in the console with the same schema.
   */
  analytics: {
    title: 'Analytics',
    loading: 'Loading analytics...',
    fetchFailed: 'Failed to fetch analytics',
    loadFailed: 'Failed to load analytics',
    rangeLabel: 'Days',
    from: 'From',
    to: 'To',
    rangeHelp: 'Days in Los Angeles time, both included; at most %{max} days.',
    dateIncomplete: 'Enter a whole date (MM/DD/YYYY).',
    program: 'Program',
    programHelp: 'Leave empty for every program.',
    /** Under the cards: which days, and with a program, whose consent and replies. */
    scope: '%{from} to %{to}, Los Angeles time.',
    programScope:
      'With a program: its messages, and the opt-ins, opt-outs and replies of the people in its pods.',
    /** What each card counts: src/shared/analytics.ts says it in full. */
    cards: {
      sent: 'Sent',
      sentHelp: 'Handed to the SMS provider on these days, whatever became of them since.',
      delivered: 'Delivered',
      deliveredHelp: 'Of those sent on these days, the ones the provider reported delivered.',
      failed: 'Failed',
      failedHelp: 'Ended failed or undelivered: never reached the phone.',
      expired: 'Expired',
      expiredHelp: 'Their time passed before they could go, so they were never sent.',
      deliveryRate: 'Delivery rate',
      deliveryRateHelp: 'Delivered out of sent; — when nothing was sent.',
      optIns: 'Opt-ins',
      optInsHelp: 'Contacts who opted in (JOIN) on these days.',
      optOuts: 'Opt-outs',
      optOutsHelp: 'Contacts who opted out (STOP) on these days.',
      replies: 'Replies',
      repliesHelp: 'Messages phones sent to Tidings on these days.',
    },
    chart: {
      title: 'Messages per day',
      /** The chart's accessible name; the cards above give the totals in words. */
      label: 'Line chart of the messages sent, delivered and failed each day from %{from} to %{to}',
      empty: 'No messages in this range.',
    },
    failures: {
      title: 'Top failure reasons',
      code: 'Code',
      message: 'Reason',
      count: 'Messages',
      help: 'Each reason opens the failed and undelivered messages in the outbox.',
      empty: 'No message failed in this range.',
    },
    programs: {
      title: 'Programs',
      program: 'Program',
      sent: 'Sent',
      delivered: 'Delivered',
      deliveryRate: 'Delivery rate',
      optOuts: 'Opt-outs',
      optOutRate: 'Opt-out rate',
      help: 'Every program that sent messages in the range. The opt-out rate counts opt-outs among the people it sent to.',
      empty: 'No program sent messages in this range.',
      exportCsv: 'Export CSV',
      /** The file 'Export CSV' downloads. */
      csvFilename: 'analytics-programs-%{from}-to-%{to}.csv',
    },
  },

  lists: {
    showing: 'Showing %{shown} of %{total} %{items}',
    clear: 'Clear',
    empty: {
      programsFiltered: 'No programs match your search criteria.',
      programs: 'No programs created yet.',
      contacts: 'No contacts found.',
      pods: 'No pods found. Create one from the Contacts page.',
      products: 'No products found. Create your first product to get started.',
      messages: 'No messages yet.',
      messagesFiltered: 'No messages match these filters.',
    },
    fetchFailed: {
      programs: 'Failed to fetch programs',
      contacts: 'Failed to fetch contacts',
      pods: 'Failed to fetch pods',
      products: 'Failed to fetch products',
      messages: 'Failed to fetch messages',
      replies: 'Failed to fetch replies',
    },
    loadFailed: {
      programs: 'Failed to load programs',
      contacts: 'Failed to load contacts',
      pods: 'Failed to load pods',
      products: 'Failed to load products',
      messages: 'Failed to load messages',
      replies: 'Failed to load replies',
    },
  },

  programs: {
    createNew: 'Create New Program',
    createTitle: 'Create Program',
    save: 'Save New Program',
    update: 'Update Program',
    back: 'Back to Programs',
    selectProduct: 'Select a product (optional)',
    created: 'Program created successfully!',
    updated: 'Program updated successfully!',
    nameRequired: 'Program name is required',
    offeringTypeRequired: 'Offering type is required when Nuanced is selected',
    title: 'Programs',
    item: 'program',
    items: 'programs',
    editTitle: 'Edit Program',
    loading: 'Loading program...',
    saving: 'Saving...',
    sendTimeOutsideWindow: 'Send time must be between 8:00 AM and 9:00 PM (quiet hours)',
    startDateInvalid: 'Start date must be a valid date',
    startDateTooFar: 'Start date must be within %{years} years from today',
    startDateTooEarly: 'Start date cannot be before the year %{year}',
    unknownProduct: 'This product does not exist: %{id}',
    unknownPods: 'These pods do not exist: %{ids}',
    notFound: 'Program not found',
    pause: 'Pause',
    resume: 'Resume',
    paused: 'Program "%{name}" paused. No message goes out until it is resumed.',
    resumed: 'Program "%{name}" resumed.',
    cannotPause: 'Only a scheduled or running program can be paused.',
    cannotResume: 'This program is not paused.',
    pauseFailed: 'Failed to pause program',
    resumeFailed: 'Failed to resume program',
    inactiveProduct: '%{name} (no longer active)',
    fields: {
      programName: 'Program name',
      product: 'Product',
      timeframe: 'Timeframe',
      offering: 'Offering',
      offeringType: 'Offering type',
      timeZone: 'Time zone',
      pods: 'Pods',
      startDate: 'Start date',
      sendTime: 'Send time',
      status: 'Status',
      createdAt: 'Created',
      search: 'Search program name',
    },
    statuses: {
      draft: 'Draft',
      scheduled: 'Scheduled',
      running: 'Running',
      completed: 'Completed',
      paused: 'Paused',
    },
    /** What each status means (shared/schedule.ts `programStatus` decides it). */
    statusHelp: {
      draft: 'It has no product or no start date yet, so nothing is sent.',
      scheduled: 'It is waiting for its start: its pre-message has not gone out yet.',
      running: 'It is sending: the pre-message has gone out and the conclusion has not.',
      completed: 'It is over: its conclusion has gone out.',
      paused:
        'Staff stopped it. Nothing goes out until someone resumes it, and the days of the pause are never sent.',
    },
    allOfferings: 'All offerings',
    allStatuses: 'All statuses',
    offeringFilterTag: 'Offering: %{offering}',
    statusFilterTag: 'Status: %{status}',
    searchFilterTag: 'Search: %{q}',
    schedule: {
      title: 'Schedule',
      empty: 'Choose a product and a start date to see when each message goes out.',
      day: 'Day',
      date: 'Date',
      time: 'Local time',
      message: 'Message',
      // Nothing is claimed as sent here: the outbox says what went out, the schedule what was due.
      sent: 'Past',
      toCome: 'To come',
    },
    confirmChange: {
      title: 'Change the schedule of a running program?',
      // What the outbox says was handed to the provider (the program's messagesSent), never what
      // the clock says was due.
      noneSent: 'No message of this program has been sent yet.',
      // Days and messages apart: a day goes to every recipient, one message each.
      sent: '%{days} day(s) already sent (%{messages} message(s) in all) will not be sent again.',
      // Counted as the schedule preview counts its 'To come' rows, on the new schedule; a day
      // already sent is never to come.
      toCome:
        'The new schedule has %{days} day(s) still to come, each one message to every recipient.',
      confirm: 'Change the schedule',
    },
    errors: {
      create: 'Failed to create program',
      createException: 'An error occurred while creating the program',
      fetch: 'Failed to fetch program',
      load: 'Failed to load program',
      update: 'Failed to update program',
      updateException: 'An error occurred while updating the program',
    },
  },

  products: {
    title: 'Products',
    item: 'product',
    items: 'products',
    createNew: 'Create New Product',
    view: 'View',
    create: 'Create Product',
    createTitle: 'Create Product',
    editTitle: 'Edit Product',
    save: 'Update Product',
    saving: 'Saving...',
    loading: 'Loading product...',
    back: 'Back to Products',
    created: 'Product "%{name}" created successfully!',
    updated: 'Product "%{name}" updated successfully!',
    nameRequired: 'Product name is required',
    daysMin: 'Must have at least 1 day',
    daysMax: 'Cannot exceed 365 days',
    daysWhole: 'Days must be a whole number',
    preMessageRequired: 'Pre-message is required',
    conclusionRequired: 'Conclusion message is required',
    dayMessageRequired: 'Day %{n} message is required',
    tooManyMessages:
      'There are %{actual} day messages for %{expected} days: send one message per day',
    tooManyLinks: 'A message can have at most %{max} links',
    messageTooLong: 'Message cannot exceed 160 characters',
    // A character that forces Unicode makes one segment hold 70 (spec: one SMS per message).
    unicodeMessageTooLong:
      'Message cannot exceed 70 characters once it has Unicode characters (an emoji counts as 2 or more)',
    exceedsLimit: 'Exceeds limit!',
    invalidUrl: 'Invalid URL format',
    urlTooLong: 'Use a shortened URL (20-25 chars max)',
    urlShortenerHint: 'Consider using a URL shortener',
    fallbackRecommended: 'Fallback URL is recommended when media is included',
    fallbackHelp: "Link to full content in case MMS doesn't render properly",
    mediaNotFound: 'This media file is not on the server. Upload it again.',
    notFound: 'Product not found',
    fields: {
      name: 'Product name',
      days: 'Days',
      status: 'Status',
      createdAt: 'Created',
      updatedAt: 'Updated',
      actions: 'Actions',
      search: 'Search by name',
      text: 'Message text',
      linkUrl: 'Link URL',
      linkLabel: 'Link label',
      fallbackUrl: 'Fallback URL',
    },
    statuses: { active: 'Active', inactive: 'Inactive', archived: 'Archived' },
    allStatuses: 'All statuses',
    statusFilterTag: 'Status: %{status}',
    searchFilterTag: 'Search: %{q}',
    dayTitles: {
      pre: 'Pre-message (Day 0)',
      day: 'Day %{n}',
      conclusion: 'Conclusion (Day %{n})',
    },
    daysSummary: '%{days} days, %{total} messages in all',
    counter: '%{length}/%{limit}',
    lengthDetail: 'Text %{text} + links %{links} = %{total} characters',
    addLink: 'Add link',
    removeLink: 'Remove link',
    attachMedia: 'Attach image or video',
    uploading: 'Uploading %{percent}%',
    removeMedia: 'Remove media',
    jumpToDay: 'Go to day',
    jump: 'Go',
    previousDay: 'Previous day',
    nextDay: 'Next day',
    errorsSummary: 'Fix these before saving:',
    sms: {
      gsm: 'GSM-7',
      ucs2: 'Unicode (UCS-2)',
      segments: '%{count} SMS segment(s)',
      unitsOfSegment: '%{units}/%{perSegment} per segment',
      unicodeWarning:
        'These characters make the whole message Unicode, which fits only 70 characters per segment:',
      replace: 'Replace with plain characters',
      emojiNote: 'Emoji have no plain equivalent: remove them to go back to 160 characters.',
    },
    guidelines: {
      title: 'Message guidelines',
      length:
        'Keep each message within 160 characters, counting the URLs of its links and the line break before each. Above 140 the counter turns orange.',
      links:
        'Use short links of 20 to 25 characters (a URL shortener helps). Links are sent after the text, each on its own line.',
      media:
        'One image (JPG, PNG or GIF up to 500 KB) or one MP4 video (up to 1 MB and 15 seconds) per message, with a fallback URL in case the picture message does not arrive.',
      characters:
        'Curly quotes, long dashes and emoji switch a message to Unicode, which fits 70 characters per segment instead of 160: a message is kept to one segment, so to 70.',
      optOut: 'Tell participants in the pre-message how to stop: "Reply STOP to opt out."',
    },
    errors: {
      create: 'Failed to create product. Please try again.',
      update: 'Failed to update product. Please try again.',
      fetch: 'Failed to fetch product',
      load: 'Failed to load product',
      uploadInProgress: 'Wait for the media upload to finish before saving.',
    },
  },

  media: {
    invalidType: 'Invalid file type. Please upload JPG, PNG, GIF, or MP4 files only.',
    imageTooLarge: 'Image/GIF file too large. Maximum size is 500KB. Please choose a smaller file.',
    videoTooLarge: 'Video file too large. Maximum size is 1MB. Please choose a smaller file.',
    videoTooLong: 'Video is too long. Maximum length is 15 seconds.',
    videoUnreadable: 'This video cannot be read. Please upload a standard MP4 file.',
    empty: 'The file is empty.',
    noFile: 'Choose a file to upload.',
    uploadFailed: 'The upload failed. Please try again.',
    malformed:
      'The upload was incomplete or malformed. Please choose the file and upload it again.',
    oneFileOnly: 'Upload one file at a time, with nothing else in the form.',
  },

  /**
   * The rich-text toolbar of the contact's bio/notes. react-admin's editor reads these as
   * `ra.tiptap.*` (src/admin/i18n.ts), hence the key names.
   */
  richTextToolbar: {
    bold: 'Bold',
    italic: 'Italic',
    underline: 'Underline',
    list_bulleted: 'Bulleted list',
    list_numbered: 'Numbered list',
    link: 'Add a link',
  },

  contacts: {
    title: 'Contacts',
    item: 'contact',
    items: 'contacts',
    createNew: 'Create New Contact',
    createTitle: 'Create Contact',
    editTitle: 'Edit Contact',
    /** A contact the signed-in user may not change (a host opening a host or an admin). */
    viewTitle: 'View Contact',
    create: 'Create Contact',
    save: 'Update Contact',
    saving: 'Saving...',
    back: 'Back to Contacts',
    loading: 'Loading contact...',
    exportCsv: 'Export CSV',
    /**
     * The export's columns of instants, which it writes as the console shows them, in Los
     * Angeles time, with the offset from UTC that makes each one exact.
     */
    exportColumns: {
      createdAt: 'Created (Los Angeles time)',
      lastLogin: 'Last login (Los Angeles time)',
    },
    phoneHint: 'Format: +1234567890 (include country code)',
    created: 'Contact %{first} %{last} created successfully!',
    // The spec says 'has been sent'. When the contact is saved the message is only queued (the
    // delivery engine and the mail worker send it a moment later), so the banner says what is true.
    optinQueued: ' Opt-in message has been queued.',
    welcomeQueued: ' Welcome email has been queued.',
    phoneOptedOut:
      ' Their phone number had opted out (it replied STOP), so they are opted out too: Tidings sends it nothing until it replies START.',
    /** The contact edit page's email status, for hosts and admins (issue 10). */
    welcomeEmail: {
      title: 'Email verification',
      verified: 'Email verified',
      notVerified: 'Email not verified yet',
      none: 'No welcome email has been sent.',
      queued: 'Welcome email queued %{time}.',
      retrying: 'Welcome email waiting to be sent again (attempt %{attempts} failed: %{error}).',
      sending: 'Welcome email being sent...',
      sent: 'Welcome email sent %{time}.',
      failed: 'Welcome email could not be sent: %{error}',
      resend: 'Resend welcome email',
      resending: 'Queuing...',
      resent: 'Welcome email has been queued.',
      resendFailed: 'Failed to queue the welcome email. Please try again.',
    },
    updated: 'Contact %{first} %{last} updated successfully!',
    emailVerifiedHelp: 'Mark email as verified to login.',
    smsVerifiedHelp: 'Mark phone as verified to receive text messages.',
    welcomeEmailHelp: 'Sends a link to verify the email address and set a password.',
    optinHelp: 'Sends a text message asking the participant to reply JOIN.',
    optinDisabledHelp: 'Needs a phone number, and a phone that is not verified yet.',
    createPod: 'Create Pod (%{count} selected)',
    selectableHint: 'Only participants can be selected for a pod.',
    corruptedEmail: 'This stored address is not a valid email address.',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    hostPasswordRequired: 'Password is required for Host role',
    /** Under the password field: what the password is for, by role and form. */
    passwordHelp: {
      hostCreate:
        'At least %{min} characters. The host signs in with it once their email is verified.',
      adminCreate:
        'Optional, at least %{min} characters. To sign in, an admin needs a password and a verified email.',
      edit: 'Leave blank to keep the current password. A new one signs them out everywhere else.',
    },
    passwordTooShort: 'Password must be at least 6 characters long',
    passwordsDoNotMatch: 'Passwords do not match',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    phoneRequiredForOptin: 'Phone number is required to send opt-in message',
    /** Why an opt-in request cannot go (src/server/outbox/optin.ts). */
    optinRefused: {
      optedOut:
        'This number opted out on %{date}: only its own reply of START or JOIN opts it back in, so Tidings does not ask it.',
      recent:
        'Tidings asked this number to opt in on %{date}; a number is asked at most once every %{days} days, so the next request can go on %{next}.',
      limit:
        'You have sent %{max} opt-in requests in the last hour, the most allowed (OPTIN_HOURLY_LIMIT). Please try again in %{minutes} minute(s).',
    },
    phoneTooShort: 'Phone number must be at least 10 digits',
    phoneTooLong: 'Phone number is too long',
    /** A number with the spec's digit count that no country's numbering plan has (shared/phone.ts). */
    phoneInvalid:
      'Phone number is not valid: check the digits, and write a number outside the US with + and its country code',
    /** A stored number the phone rule would not store (the list flags it and can filter by it). */
    phoneNeedsAttention:
      'This stored number is not a valid phone number, so no text can reach it: correct it or clear it.',
    phoneFilter: {
      label: 'Phone',
      all: 'All phones',
      needsAttention: 'Phone needs attention',
    },
    bioTooLong: 'Bio / notes can be at most %{max} characters long',
    tooLong: '%{field} can be at most %{max} characters long',
    verifiedOrWelcome: 'Either mark the email as verified or send a welcome email, not both',
    duplicateEmail: 'A contact with this email address already exists.',
    notFound: 'Contact not found',
    /** Card titles of the contact form. */
    sections: { details: 'Contact details', access: 'Role and access' },
    fields: {
      name: 'Name',
      email: 'Email',
      password: 'Password',
      confirmPassword: 'Confirm password',
      firstName: 'First name',
      lastName: 'Last name',
      phone: 'Phone',
      role: 'Role',
      status: 'Status',
      street: 'Street',
      city: 'City',
      state: 'State',
      zipCode: 'Zip code',
      country: 'Country',
      bio: 'Bio / notes',
      emailVerified: 'Email verified',
      smsVerified: 'Phone verified',
      sendOptinMessage: 'Send opt-in message',
      sendWelcomeEmail: 'Send welcome email',
      verification: 'Verified',
      createdAt: 'Created',
      lastLogin: 'Last login',
      search: 'Search name, email or phone',
      address: 'Address',
    },
    roles: { participant: 'Participant', host: 'Host', admin: 'Admin' },
    statuses: {
      active: 'Active',
      inactive: 'Inactive',
      suspended: 'Suspended',
      deleted: 'Deleted',
    },
    allRoles: 'All roles',
    allStatuses: 'All statuses',
    roleFilterTag: 'Role: %{role}',
    statusFilterTag: 'Status: %{status}',
    searchFilterTag: 'Search: %{q}',
    verified: 'Verified',
    notVerified: 'Not verified',
    permissions: {
      staffByAdminsOnly: 'Only admins can create or change hosts and admins.',
      lastAdmin:
        'Tidings needs at least one active admin who can sign in. Make another contact an admin first.',
    },
    errors: {
      create: 'Failed to create contact. Please try again.',
      update: 'Failed to update contact. Please try again.',
      load: 'Failed to load contact',
      network: 'Network error loading contact',
      networkSubmit: 'Network error. Please check your connection and try again.',
      export: 'The export failed. Please try again.',
    },
  },

  /** Importing contacts from a CSV or XLSX file: the dialog, the API and the report. */
  contactImport: {
    open: 'Import contacts',
    title: 'Import contacts',
    chooseFile: 'Choose a file',
    fileHint:
      'A .csv or .xlsx file of up to %{mb} MB and %{rows} rows. Its first row must name the columns.',
    reading: 'Reading the file...',
    rowsInFile: '%{count} rows in %{file}',
    mappingTitle: 'Columns',
    mappingHint: 'Choose the field each column fills. Email, first name and last name are needed.',
    column: 'Column',
    field: 'Field',
    skipColumn: 'Do not import',
    previewTitle: 'Preview: the first %{count} rows as they will be saved',
    row: 'Row',
    problems: 'Problems',
    /** One of a previewed row's problems, after the field's label. */
    fieldProblem: '%{field}: %{message}',
    ready: 'Ready',
    duplicatesTitle: 'When a contact with the same email already exists',
    duplicateRules: {
      skip: 'Skip the row',
      update: "Fill in the contact's empty fields",
    },
    sendOptin: 'Send the opt-in message to imported participants with a phone',
    sendOptinHelp: 'Each one is asked to reply JOIN; messages go out at the delivery pace.',
    /** Under the opt-in box: how many requests may go (OPTIN_HOURLY_LIMIT), before it starts. */
    optinAllowance:
      'You can send %{remaining} more opt-in requests this hour (%{limit} an hour): up to %{remaining} new participants with a phone are asked. Numbers that opted out, were asked in the last %{days} days or are outside %{countries} are not.',
    optinAllowanceNone:
      'You have sent %{limit} opt-in requests in the last hour, the most allowed: this import sends none.',
    /** After an import that asked for opt-in requests. */
    optinCounts:
      '%{queued} opt-in requests queued; %{withheld} not sent (the number opted out, was asked in the last %{days} days or is abroad, or the hourly limit was reached).',
    start: 'Import %{count} rows',
    starting: 'Starting...',
    chooseAnother: 'Choose another file',
    cancel: 'Cancel',
    close: 'Close',
    closeHint: 'You may close this window: the import goes on, and the contacts list shows it.',
    statuses: {
      queued: 'Waiting to start',
      running: 'Importing',
      done: 'Import finished',
      failed: 'Import stopped',
    },
    progress: '%{processed} of %{total} rows',
    counts: '%{created} created, %{updated} updated, %{skipped} not imported',
    /** While the dialog polls an import and a poll fails; the next one may answer. */
    progressUnavailable: 'The progress could not be read just now; trying again.',
    /** One of the first problems listed when an import ends. */
    problemLine: 'Row %{row}, %{field}: %{message}',
    moreProblems: 'And %{count} more: the report lists every row not imported.',
    downloadReport: 'Download the rows not imported (CSV)',
    reportFailed: 'The report could not be downloaded. Please try again.',
    inProgress: 'Importing %{file}: %{processed} of %{total} rows',
    show: 'Show',
    /** Columns the report adds after the file's own: the row's number in the file, and why. */
    reportRow: 'Row',
    reportReason: 'Reason',
    /** Why a whole file is refused. */
    fileRequired: 'Choose a .csv or .xlsx file to import.',
    fileType: 'Only .csv and .xlsx files can be imported.',
    fileTooLarge: 'This file is larger than %{mb} MB. Split it into smaller files and import each.',
    tooManyRows:
      'This file has more than %{max} rows. Split it into smaller files and import each.',
    tooManyColumns: 'This file has more than %{max} columns.',
    unreadableCsv: 'This file could not be read as CSV: %{reason}',
    unreadableXlsx: 'This file could not be read as an Excel workbook (.xlsx).',
    unpackedTooLarge:
      'This workbook unpacks to more than %{mb} MB, more than a list of contacts holds. Save it as CSV, or split it into smaller files.',
    noHeader: 'The file is empty: its first row must name the columns.',
    noRows: 'The file has no rows below its header row.',
    oneFileOnly: 'Send one file at a time.',
    malformed: 'The upload could not be read. Please choose the file again.',
    /** The file did not reach the server (no answer at all). */
    sendFailed: 'The file could not be sent. Please check your connection and try again.',
    /** The choices sent with the file. */
    mappingInvalid: 'The mapping must give a field, or none, for each of the %{count} columns.',
    mappingUnreadable: 'mapping must be a JSON list of field names (or null), one for each column',
    mappingTwice: '%{field} is chosen for more than one column.',
    mappingRequired: 'Choose the column that holds %{field}.',
    duplicatesInvalid: 'duplicates must be skip or update',
    sendOptinInvalid: 'sendOptin must be true or false',
    /** A row's problems (besides the contact form's own texts). */
    roleInvalid: 'Role must be Participant, Host or Admin',
    statusInvalid: 'Status must be Active, Inactive, Suspended or Deleted',
    hostsImportParticipants: 'Hosts can import participants only',
    duplicateInFile: 'The same email is on row %{row} of this file',
    alreadyExists: 'A contact with this email address already exists',
    nothingToFill:
      'A contact with this email address already exists and has no empty field to fill',
    staffByAdminsOnly:
      'The contact with this email address is a host or an admin: only admins can change them',
    notFound: 'Import not found',
    /** An import that could not go on (the rows before it are saved). */
    stoppedAt: 'The import stopped at row %{row}: %{reason}',
    gaveUp: 'the server could not write it in %{attempts} attempts (see its log)',
  },

  sms: {
    /** The opt-in request; %{first} is cut to 20 characters so the message stays one segment. */
    optin:
      'Tidings: Hi %{first}! Reply JOIN to receive our messages. Reply STOP to opt out, HELP for help. Msg & data rates may apply.',
    /** The answer to JOIN/START/UNSTOP/YES; %{programs} names the contact's programs. */
    optinConfirmed:
      "Tidings: You're in! You'll get 1 message a day from %{programs}. Reply HELP for help, STOP to opt out. Msg & data rates may apply.",
    /** The same, for a contact none of whose pods is in a scheduled or running program yet. */
    optinConfirmedNoProgram:
      "Tidings: You're in! You'll get 1 message a day once your program starts. Reply HELP for help, STOP to opt out. Msg & data rates may apply.",
    /** The one message that follows an opt-out. */
    optedOut:
      "Tidings: You're unsubscribed and will get no more messages from us. Reply START to subscribe again.",
    /** The answer to HELP/INFO; %{contact} is SMS_HELP_CONTACT. */
    help: 'Tidings: 1 message a day from your program. Reply STOP to opt out, START to opt back in. Questions? %{contact}. Msg & data rates may apply.',
  },

  /**
   * The same answers in the languages reply-reading.ts reads keywords in: a phone that wrote ALTO
   * or AYUDA is answered in Spanish, ARRET or AIDE in French. Each keeps the words of the English
   * one (the brand, how to opt out and back in, what it may cost).
   */
  smsEs: {
    optinConfirmed:
      'Tidings: ¡Ya estás inscrito! Recibirás 1 mensaje al día de %{programs}. Responde AYUDA para ayuda, ALTO para darte de baja. Pueden aplicarse tarifas de mensajes y datos.',
    optinConfirmedNoProgram:
      'Tidings: ¡Ya estás inscrito! Recibirás 1 mensaje al día cuando empiece tu programa. Responde AYUDA para ayuda, ALTO para darte de baja. Pueden aplicarse tarifas de mensajes y datos.',
    optedOut:
      'Tidings: Te has dado de baja y no recibirás más mensajes nuestros. Responde COMENZAR para volver a suscribirte.',
    help: 'Tidings: 1 mensaje al día de tu programa. Responde ALTO para darte de baja, COMENZAR para volver. ¿Preguntas? %{contact}. Pueden aplicarse tarifas de mensajes y datos.',
  },
  smsFr: {
    optinConfirmed:
      "Tidings: C'est fait ! Vous recevrez 1 message par jour de %{programs}. Répondez AIDE pour de l'aide, ARRET pour vous désabonner. Des frais de messagerie peuvent s'appliquer.",
    optinConfirmedNoProgram:
      "Tidings: C'est fait ! Vous recevrez 1 message par jour dès le début de votre programme. Répondez AIDE pour de l'aide, ARRET pour vous désabonner. Des frais de messagerie peuvent s'appliquer.",
    optedOut:
      'Tidings: Vous êtes désabonné et ne recevrez plus de messages de notre part. Répondez START pour vous réabonner.',
    help: "Tidings: 1 message par jour de votre programme. Répondez ARRET pour vous désabonner, START pour revenir. Des questions ? %{contact}. Des frais de messagerie peuvent s'appliquer.",
  },

  /** How each language lists a confirmation's programs: 'A, B and C', or 'A, B, C and 2 more'. */
  smsLists: {
    en: { listAnd: '%{list} and %{last}', moreNames: '%{count} more' },
    es: { listAnd: '%{list} y %{last}', moreNames: '%{count} más' },
    fr: { listAnd: '%{list} et %{last}', moreNames: '%{count} autres' },
  },

  /** Replies from phones: the inbound webhook, Simulate reply, and what they change in the outbox. */
  inbound: {
    api: {
      /** A signed Twilio request without one of the fields every incoming message has. */
      missingField: 'An incoming message needs %{field}.',
      bodyRequired: 'Type the reply to simulate.',
      bodyTooLong: 'A reply can be at most %{max} characters long.',
      noPhone: 'This contact has no phone number, so there is no phone to simulate a reply from.',
      simulateLogOnly:
        'Simulate reply works with the log SMS provider only (SMS_PROVIDER=log): with Twilio, replies come from real phones.',
    },
    /** Why the dispatcher skipped an opt-in request or a test message. */
    phoneOptedOut:
      'The phone opted out (STOP): only its opt-out confirmation and help replies are sent to it.',
    /** Why a queued opt-in request was canceled. */
    alreadyOptedIn: 'The phone opted in by replying, so the request was no longer needed.',
  },

  /** Why the delivery engine did not send a message, kept with it and shown to staff. */
  delivery: {
    // The messages API (GET /api/messages, retry) and the Twilio status webhook.
    api: {
      notFound: 'Message not found',
      invalidId: 'The message id must be a message id (a UUID)',
      retryAdminsOnly: 'Only admins can retry a message.',
      notRetryable:
        'Only a failed message, or one whose fate is unknown, can be sent again; this one is %{status}.',
      invalidSignature: 'The request is not signed by Twilio.',
      invalidFilter: '%{name} must be %{what}',
      filterId: 'a UUID',
      filterDay: 'a whole number from 0 to %{max}',
      filterTime: 'a date (YYYY-MM-DD) or a date and time (ISO 8601)',
    },
    /**
     * What Twilio's delivery error codes mean, for the console's failure lists. Twilio's status
     * callback carries only the code; unlisted codes get `twilioOther`.
     */
    twilioErrors: {
      '21211': 'Invalid phone number.',
      '21408': 'Sending to this region is not enabled on the Twilio account.',
      '21610': 'The recipient has unsubscribed (replied STOP).',
      '21612': 'Twilio cannot route a message to this number.',
      '21614': 'Not a mobile number: it cannot receive text messages.',
      '30003': 'Unreachable handset: the phone is off or out of coverage.',
      '30004': 'Message blocked by the recipient or their carrier.',
      '30005': 'Unknown destination: the number does not exist or is no longer in service.',
      '30006': 'Landline or unreachable carrier.',
      '30007': 'Filtered by the carrier as spam or unregistered traffic.',
      '30008': 'Unknown error from the carrier.',
      '30034': 'Blocked by the carrier: the sending number is not registered (A2P 10DLC).',
    },
    twilioOther: 'Twilio error %{code}.',
    optedOut: 'The contact opted out.',
    /** SMS_ALLOWED_COUNTRIES: where Tidings sends. */
    countryNotAllowed:
      'Tidings texts only numbers in %{countries} (SMS_ALLOWED_COUNTRIES); this number is in %{country}.',
    countryUnknown:
      'Tidings texts only numbers in %{countries} (SMS_ALLOWED_COUNTRIES); it cannot tell which country this number is in.',
    programPaused: 'The program was paused.',
    /** A program message or opt-in request to a phone whose reply may ask to stop (issue 26). */
    heldForReview:
      'Held: a reply from this phone may be a request to stop, and no staff member has decided it yet (see the inbox)',
    notEligible:
      'The contact could no longer receive messages (inactive, not opted in, opted out, or no longer in the pods).',
    tooLate: 'Its time passed more than %{cutoff} ago: a message is never sent that late.',
    /** Quiet hours where the recipient may be held it from its time to its cutoff. */
    windowNeverOpened:
      'No minute between %{earliest} and %{latest} in %{places} came before its cutoff (%{cutoff} after its time), so it was never sent.',
    lostInSending:
      'The dispatcher stopped while handing this message to the provider; its fate is being checked with the provider.',
    retriesExhausted:
      'The provider kept failing; Tidings stopped trying after %{attempts} attempts.',
    providerUnreachable: 'The SMS provider could not be reached.',
    notReceived:
      'The provider has no record of receiving this message, so it was queued to be sent again.',

    // The console's words for the outbox. 'Sent' only ever names a message the provider took.
    statuses: {
      queued: 'Queued',
      sending: 'Sending',
      unknown: 'Unknown',
      sent: 'Sent',
      delivered: 'Delivered',
      undelivered: 'Undelivered',
      failed: 'Failed',
      expired: 'Expired',
      canceled: 'Canceled',
      skipped: 'Skipped',
    },
    statusHelp: {
      queued: 'Waiting for its time, or for another try after a passing failure.',
      sending: 'Being handed to the SMS provider right now.',
      unknown:
        'The dispatcher stopped while handing it to the provider. Tidings is asking the provider what became of it and will not send it again on its own.',
      sent: 'Handed to the SMS provider, which accepted it. The carrier has not confirmed delivery yet.',
      delivered: 'The provider reported it delivered to the phone.',
      undelivered: 'The provider reported that the carrier could not deliver it.',
      failed: 'Refused for good, by the provider or after the last try. An admin can retry it.',
      expired:
        'Its time passed by more than the delivery cutoff before it could go, so it was never sent late.',
      canceled: 'Withdrawn before it was sent: the program was paused or the contact opted out.',
      skipped: 'Not sent: the recipient could no longer receive messages when its turn came.',
    },
    kinds: {
      optin: 'Opt-in request',
      program: 'Program message',
      confirmation: 'Confirmation',
      reply: 'Reply',
      staff: 'Staff reply',
      test: 'Test message',
    },
    sources: {
      planner: 'Planner',
      dispatcher: 'Dispatcher',
      provider: 'Provider',
      staff: 'Staff',
      system: 'System',
    },
    title: 'Messages',
    item: 'message',
    items: 'messages',
    fields: {
      createdAt: 'Created',
      sendAfter: 'Due',
      recipient: 'Recipient',
      phone: 'Phone',
      program: 'Program',
      contact: 'Contact',
      day: 'Day',
      kind: 'Kind',
      status: 'Status',
      body: 'Message',
      media: 'Media',
      segments: 'Segments',
      attempts: 'Attempts',
      providerMessageId: 'Provider message id',
      error: 'Error',
      errorCode: 'Error code',
      errorMessage: 'Error text',
      sentAt: 'Sent',
      deliveredAt: 'Delivered',
      from: 'Created from',
      to: 'Created until',
      // The time filters the dashboard's figures link with (half-open: 'before' is not included).
      sentFrom: 'Sent from',
      sentBefore: 'Sent before',
      dueBefore: 'Due before',
      updatedFrom: 'Last change from',
      updatedBefore: 'Last change before',
      time: 'Time',
      source: 'Source',
    },
    allKinds: 'All kinds',
    dayFilterTag: 'Day %{day}',
    openMedia: 'Open media',
    none: '—',
    detailTitle: 'Message',
    back: 'Back to Messages',
    loading: 'Loading message...',
    historyTitle: 'Status history',
    noHistory: 'No status change recorded yet.',
    errors: {
      fetch: 'Failed to fetch message',
      load: 'Failed to load message',
    },
    retry: {
      button: 'Retry',
      confirmTitle: 'Retry this message?',
      unknownWarning:
        'Tidings lost track of this message while handing it to the provider: it may already have been delivered. Retrying can send it a second time.',
      confirm: 'Retry anyway',
      // Queued, not sent: nothing has reached the provider yet.
      done: 'The message is queued to go out again.',
      failed: 'Failed to retry the message',
    },
    panel: {
      title: 'Deliveries',
      empty: 'No message of this program has been planned yet.',
      loadFailed: 'Failed to load the deliveries',
      day: 'Day',
      sendAt: 'Goes out',
      failures: 'Why they failed',
      failure: '%{reason} (%{count})',
      noReason: 'No reason given',
      /** Messages quiet hours hold where their recipients may be (docs/quiet-hours.md). */
      quietHours: 'Waiting for daytime where the recipients are',
      waiting: '%{count} waiting for %{time} on %{date} in %{place}',
      countLink: '%{status} on %{day}: %{count}',
      allMessages: 'All messages of this program',
    },
  },

  /**
   * The console's side of issue 12: a contact's conversation and consent, Simulate reply, the
   * contacts list's consent filter and who of a program's pods receives its messages.
   */
  conversations: {
    title: 'Conversation',
    empty: 'No messages to or from this contact yet.',
    loadFailed: 'Failed to load the conversation',
    showEarlier: 'Show earlier',
    loadingEarlier: 'Loading...',
    allMessages: 'All messages to this contact',
    /** The caption of a message the contact sent. */
    received: 'Received',
    /** The time of a message Tidings has not handed to the provider: when it is (or was) due. */
    dueAt: 'due at %{time}',
    /** A reply a staff member typed with Simulate reply, in the conversation and the replies list. */
    simulatedBy: 'Simulated by %{staff}',
    /** What an inbound message asked for (src/shared/keywords.ts). */
    intents: {
      optin: 'Opt-in (JOIN)',
      optout: 'Opt-out (STOP)',
      help: 'Help',
      review: 'Needs review',
    },
    media: 'Media %{n}',
    /** An outbound program message: 'Spring Walks · Day 1'. */
    programDay: '%{program} · %{day}',
    simulate: {
      button: 'Simulate reply',
      title: 'Simulate a reply',
      intro:
        'Type a reply as if it came from %{phone}. Tidings handles it like a real one: JOIN opts them in, STOP opts them out, HELP gets the help text. It is recorded as simulated by you, never as their own consent.',
      body: 'Reply',
      bodyRequired: 'Type the reply to simulate',
      send: 'Send reply',
      sending: 'Sending...',
      received: 'Simulated reply from %{phone} handled.',
      receivedAs: 'Simulated reply from %{phone} handled as %{intent}.',
      failed: 'The reply could not be simulated. Please try again.',
    },
    /** The contact's opt-in state in words (see src/shared/consent-summary.ts). */
    optin: {
      title: 'Text messages',
      joined: 'Opted in by replying %{keyword} on %{date}',
      joinedSimulated: 'Opted in by a %{keyword} simulated by %{staff} on %{date}',
      verified: 'Marked verified by %{staff} on %{date}',
      verifiedUnrecorded: 'Opted in (the consent log has no record of how or when)',
      stopped: 'Opted out (%{keyword}) on %{date}',
      stoppedSimulated: 'Opted out by a %{keyword} simulated by %{staff} on %{date}',
      carrier: 'Opted out: the carrier reported the number unsubscribed (21610) on %{date}',
      optedOut: 'Opted out on %{date}',
      /** A save gave the contact a number that had opted out (consent belongs to the phone). */
      numberOptedOut: 'Opted out on %{date}: %{staff} saved a number that had opted out',
      requested: 'Opt-in request sent on %{date}; no reply yet',
      unverified: 'Marked not verified by %{staff} on %{date}',
      noPhone: 'Not opted in: no phone number',
      none: 'Not opted in',
      optedOutNote:
        'Only a reply of START or JOIN from their phone opts them back in; marking the phone verified does not.',
      someStaff: 'a staff member',
    },
    history: {
      title: 'Consent history',
      empty: 'No consent change recorded yet.',
      loadFailed: 'Failed to load the consent history',
      events: {
        optin_requested: 'Opt-in request sent',
        opted_in: 'Opted in',
        opted_out: 'Opted out',
        verified: 'Marked verified',
        unverified: 'Marked not verified',
        review_held: 'Messages held: a reply needs review',
        review_cleared: 'Reviewed: not an opt-out',
      },
      reply: 'Reply "%{text}"',
      /** A decision in the inbox on a reply that needed review. */
      reviewed: 'Reply "%{text}" read by %{staff}',
      replyUnknown: 'Their reply',
      /** A reply a staff member typed with Simulate reply: in effect, but not the phone's own. */
      simulated: 'Reply "%{text}" simulated by %{staff}',
      staff: 'Staff',
      /** An opted_out row a save wrote: the number had opted out before the contact had it. */
      numberOptedOut: 'The number had opted out (saved by %{staff})',
      carrier: 'Carrier (Twilio)',
      /** The provider's report of anything but an unsubscribed number. */
      provider: 'SMS provider',
      /** An event of a phone number the contact no longer has. */
      otherPhone: '%{source} · %{phone}',
    },
    filter: {
      label: 'Consent',
      all: 'All consent states',
      tag: 'Consent: %{state}',
      states: {
        opted_in: 'Opted in',
        not_opted_in: 'Not opted in',
        opted_out: 'Opted out',
      },
      optedOutOn: 'Opted out on %{date}',
    },
    /** A program's audience (ApiProgramAudience), on its Deliveries panel. */
    audience: {
      receiving:
        '%{recipients} of %{smart_count} participant in its pods will receive messages. |||| %{recipients} of %{smart_count} participants in its pods will receive messages.',
      nobody: 'Its pods have no active participants yet: nobody will receive its messages.',
      notReceiving: 'Not receiving: %{reasons}.',
      inactive: '%{count} inactive',
      optedOut: '%{count} opted out',
      noPhone: '%{count} without a phone number',
      notOptedIn: '%{count} not opted in',
      sharedPhone: '%{count} sharing a number with another participant (it gets each message once)',
    },
  },

  /**
   * /inbound-messages: every reply phones sent, also from numbers Tidings does not know (only
   * there can staff see those). What a reply asked for is named by `conversations.intents`.
   */
  replies: {
    title: 'Inbox',
    /** The link from the messages list to this one, and back. */
    link: 'Inbox (replies received)',
    outboxLink: 'Messages sent',
    items: 'replies',
    fields: {
      receivedAt: 'Received',
      from: 'From',
      contact: 'Contact',
      body: 'Message',
      intent: 'Asked for',
      search: 'Search text or phone',
    },
    /** The Contact column of a reply from a phone no contact has. */
    unknownNumber: 'Unknown number',
    media: '1 picture or video |||| %{smart_count} pictures or videos',
    allIntents: 'Anything',
    /** A reply that is not a keyword: free text, stored and shown, never answered. */
    noIntent: 'Nothing (free text)',
    allNumbers: 'Any number',
    numbers: {
      known: 'Known contacts',
      unknown: 'Unknown numbers',
    },
    searchTag: 'Search: %{q}',
    filterTag: '%{name}: %{value}',
    empty: 'No replies received yet.',
    emptyFiltered: 'No replies match these filters.',
    /** The inbox: each reply is new until handled, and may be assigned to a staff member. */
    inbox: {
      title: 'Inbox',
      state: 'State',
      states: { new: 'New', handled: 'Handled' },
      allStates: 'New and handled',
      assignee: 'Assigned to',
      assignees: { me: 'Me', none: 'Nobody' },
      anyone: 'Anyone',
      review: 'Review',
      reviews: { pending: 'Needs review' },
      allReviews: 'Any',
      unassigned: 'Unassigned',
      actions: 'Actions',
      reply: 'Reply',
      replyTo: 'Reply to %{name}',
      markHandled: 'Mark handled',
      markNew: 'Mark new',
      assignToMe: 'Assign to me',
      unassign: 'Unassign',
      handledBy: 'Handled by %{staff}',
      handledByTidings: 'Answered by Tidings',
      updated: 'Reply updated',
      updateFailed: 'The reply could not be updated. Please try again.',
      /** A reply that may be a request to stop: the decision the inbox asks for. */
      reviewQuestion:
        'Is this a request to stop? Messages to this phone are held until you decide.',
      optOut: 'Opt out',
      notOptOut: 'Not an opt-out',
      decidedOptOut: 'Read as a request to stop by %{staff}: the phone is opted out',
      decidedNotOptOut: 'Read as not an opt-out by %{staff}',
      decided: 'Decision recorded',
      close: 'Close',
    },
  },

  /** The reply box under a conversation and in the inbox (POST /api/contacts/{id}/messages). */
  staffReply: {
    label: 'Your reply',
    send: 'Send reply',
    sending: 'Sending...',
    queued: 'Reply queued to %{phone}.',
    /** The reply keeps the quiet hours where the contact is (they have not written in 24 hours). */
    waiting: 'Reply queued: it goes at %{time}, when quiet hours end where they are.',
    rule: 'A reply to someone who wrote in the last %{hours} hours goes at once; otherwise it waits for %{earliest}-%{latest} where they are.',
    optedOut: 'They opted out: Tidings will not text this number until it replies START or JOIN.',
    noPhone: 'No phone number: there is nothing to reply to.',
    failed: 'The reply could not be sent. Please try again.',
    limit: 'You can send %{max} replies every %{minutes} minutes.',
  },

  /** Send Test MMS: what POST /api/messages/test answers (the dashboard dialog has its own texts). */
  testSends: {
    api: {
      recipientRequired: 'Enter a phone number or choose a contact',
      oneRecipient: 'Send to a phone number or to a contact, not both',
      invalidPhone: 'Enter a phone number',
      invalidContactId: 'The contact id must be a contact id (a UUID)',
      contactNotFound: 'Contact not found',
      contactNoPhone: 'This contact has no phone number',
      contentRequired: 'Type a message, or choose a product and a day',
      oneContent: 'Send your own text or a product day, not both',
      invalidBody: 'The message must be text',
      bodyTooLong: 'A test message can be at most %{max} characters',
      invalidMediaUrl: 'The media must be the URL of a file uploaded to Tidings',
      mediaNotFound:
        'Media must be uploaded to Tidings first; this URL names no uploaded file of Tidings',
      mediaWithProduct: 'A product day is sent with its own media: attach media to your own text',
      invalidProductId: 'The product id must be a product id (a UUID)',
      productNotFound: 'Product not found',
      productRequired: 'Choose the product whose day to send',
      dayRequired: 'Choose the day of the product to send',
      invalidDay: 'The day must be a whole number from 0 to %{max}',
      dayOutOfRange:
        '%{product} has days 0 to %{max}: the pre-message (day 0), %{days} day(s) and the conclusion (day %{max})',
      optedOut:
        'This number opted out (replied STOP) on %{date}; Tidings will not text it until it replies START.',
      tooMany:
        'You can send %{max} test messages every %{window} minutes. Please try again in %{minutes} minute(s).',
    },
  },

  pods: {
    title: 'Pods',
    item: 'pod',
    items: 'pods',
    goToContacts: 'Go to Contacts to Create Pod',
    back: 'Back to Pods',
    loading: 'Loading pod...',
    editDetails: 'Edit Details',
    editTitle: 'Edit Pod Details',
    save: 'Save',
    remove: 'Remove',
    members: 'Members',
    programsTitle: 'Programs sending to this pod',
    noPrograms: 'No program sends to this pod yet.',
    allStatuses: 'All statuses',
    statusFilterTag: 'Status: %{status}',
    searchFilterTag: 'Search: %{q}',
    statuses: { active: 'Active', inactive: 'Inactive' },
    memberFields: {
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      role: 'Role',
      status: 'Status',
      joinedAt: 'Joined',
      /** The column of each member's Remove button. */
      actions: 'Actions',
    },
    listFields: {
      podId: 'Pod ID',
      podName: 'Pod Name',
      members: 'Members',
      status: 'Status',
      createdAt: 'Created',
      search: 'Search pod ID or name',
    },
    updated: 'Pod "%{name}" updated successfully!',
    memberRemoved: 'Member removed from the pod.',
    membersAdded: '%{count} member(s) added to the pod.',
    notAddedNamed: 'Some members could not be added: %{names}',
    alreadyActiveMember: 'This contact is already an active member of this pod.',
    notAMember: 'This contact is not an active member of this pod.',
    addTitle: 'Add Members',
    addSearch: 'Search name, email or phone',
    selectedCount: '%{selected} selected · %{total} matching',
    selectAllMatching: 'Select all %{count} matching',
    clearSelection: 'Clear selection',
    addMembers: 'Add Members',
    addCount: 'Add %{count} Member(s)',
    notProvided: 'Not provided',
    removeConfirm: 'Are you sure you want to remove this member from the pod?',
    noActiveMembers: 'No active members in this pod. Click "Add Members" to get started.',
    allAlreadyMembers: 'All contacts are already members of this pod.',
    noMatches: 'No contacts match your search criteria.',
    notFound: 'Pod not found',
    created: 'Pod "%{name}" created successfully with %{count} member(s)',
    createTitle: 'Create Pod',
    create: 'Create Pod',
    fields: { podId: 'Pod ID', podName: 'Pod Name' },
    duplicatePodId: 'A pod with the ID "%{podId}" already exists.',
    unknownContacts: 'These contacts do not exist: %{ids}',
    participantsOnly: 'Only participants can be pod members: %{names}',
    idAndNameRequired: 'Please provide both Pod ID and Pod Name',
    selectAtLeastOne: 'Please select at least one contact',
    selectAtLeastOneToAdd: 'Please select at least one contact to add',
    errors: {
      create: 'Failed to create pod',
      fetch: 'Failed to fetch pod',
      load: 'Failed to load pod',
      removeMember: 'Failed to remove member',
      update: 'Failed to update pod',
      someNotAdded: 'Some members could not be added',
      addMembers: 'Failed to add members',
    },
  },

  verifyEmail: {
    title: 'Verify your email',
    verifying: 'Verifying your email...',
    success: 'Your email is verified. Next, choose your password...',
    returnToLogin: 'Return to Login',
    noToken: 'Invalid verification link. No token provided.',
    failed: 'Failed to verify email. The link may be invalid or expired.',
    network: 'Network error. Please try again later.',
  },

  setPassword: {
    title: 'Set your password',
    password: 'Password',
    confirmPassword: 'Confirm password',
    submit: 'Set Password',
    submitting: 'Setting password...',
    /** A link without its token cannot set a password; a new link is the way on. */
    missingToken:
      'This link is incomplete. Open the link from your email again, or ask for a new one.',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password must be at least 6 characters long',
    confirmRequired: 'Please confirm your password',
    passwordsDoNotMatch: 'Passwords do not match',
    missingUser: 'Invalid request. User ID not found.',
    success: 'Password set successfully!',
    successLogin: 'Password set successfully! You can now log in.',
    failed: 'Failed to set password. Please try again.',
  },

  forgotPassword: {
    link: 'Forgot password?',
    title: 'Reset your password',
    intro: 'Enter the email address you sign in with. We will send a link to set a new password.',
    email: 'Email',
    submit: 'Send Link',
    submitting: 'Sending...',
    /** The one answer, whether or not the address belongs to an account. */
    sent: 'If an account exists for that address, we have sent a link to reset the password.',
    backToLogin: 'Back to Login',
    failed: 'Failed to send the link. Please try again.',
  },

  /** The account routes behind the email links (verify, set password, forgot password, resend). */
  account: {
    tooManyRequests: 'Too many requests. Please try again in %{minutes} minute(s).',
    /** One text for every bad set-password token, so it does not tell whether the account exists. */
    setPasswordLinkInvalid:
      'This link to set a password is invalid or has expired. Please ask for a new one.',
    welcomeOnlyForStaff: 'Only hosts and admins receive a welcome email.',
    welcomeAlreadyVerified: 'This email address is already verified: no welcome email is needed.',
  },

  /** The profile routes (/api/profile...): the signed-in user's own account. */
  profileApi: {
    /** PUT /api/profile names the field it refuses: only the name is changed there. */
    onlyNameEditable: 'Only firstName and lastName can be changed here',
    currentPasswordRequired: 'Current password is required',
    currentPasswordWrong: 'Current password is incorrect',
    tooManyWrongPasswords:
      'Too many wrong current passwords. Please try again in %{minutes} minute(s).',
    sessionNotFound: 'Session not found',
    currentSession: 'This is the session you are using: to end it, use Logout.',
  },

  /** The consent log, a contact's conversation and the replies list (issue 12's read API). */
  consentApi: {
    filterInstant: 'a date and time with its offset (ISO 8601, e.g. 2026-05-01T09:00:00Z)',
    filterLimit: 'a whole number from 1 to %{max}',
    filterMatched: 'true or false',
    filterState: 'new or handled',
    filterAssignee: "a staff member's id, me or none",
    filterReview: 'pending',
  },

  /** The inbox's API: marking replies handled, assigning them, deciding replies that need review. */
  inboxApi: {
    notFound: 'Reply not found',
    nothingToChange: 'Give a state (new or handled) or an assigneeId (a staff member, or null)',
    invalidState: 'The state must be new or handled',
    invalidAssignee: "The assigneeId must be a staff member's id, or null to unassign",
    assigneeNotStaff: 'Replies can be assigned to active hosts and admins only',
    invalidDecision: 'The decision must be optout or not_optout',
    notForReview: 'This reply needs no review: Tidings read it as %{intent}',
    alreadyDecided: 'This reply was already decided by %{staff} on %{date}',
    decideFirst:
      'This reply may be a request to stop: decide first (Opt out, or Not an opt-out); deciding marks it handled',
  },

  /** POST /api/contacts/{id}/messages: a staff member's reply to a contact. */
  staffReplies: {
    api: {
      bodyRequired: 'Type the reply',
      invalidBody: 'The reply must be text',
      bodyTooLong: 'A reply can be at most %{max} characters (one text message)',
      noPhone: 'This contact has no phone number, so there is nothing to reply to',
      optedOut:
        'This number opted out on %{date}; Tidings will not text it until it replies START or JOIN.',
      tooMany:
        'You can send %{max} replies every %{window} minutes. Please try again in %{minutes} minute(s).',
    },
  },

  /**
   * The consent report (issue 26): a contact's consent log, or that of a program's participants,
   * as CSV (GET /api/contacts/{id}/consent.csv, GET /api/programs/{id}/consent.csv).
   */
  consentReport: {
    /** The header row, in the order of the columns (docs/carrier-registration.md lists them). */
    columns: {
      at: 'Time (UTC)',
      contact: 'Contact',
      phone: 'Phone',
      event: 'Event',
      source: 'Source',
      who: 'Staff member',
      keyword: 'Keyword',
      text: 'Message text',
    },
    /** The file's name when the record's own name gives no letter or digit to name it by. */
    contactFile: 'contact',
    programFile: 'program',
    download: 'Download CSV',
    downloadProgram: 'Consent report (CSV)',
    failed: 'Failed to download the consent report',
    tooLong:
      'This consent report has more than %{max} rows, too many to download at once (WHOLE_LIST_MAX).',
  },

  /**
   * Help > Carrier registration (issue 26): what 10DLC and toll-free verification forms ask, from
   * Tidings' own programs, products and texts (GET /api/carrier-registration).
   */
  carrierRegistration: {
    /** The name every text Tidings writes opens with (`sms` above): the brand carriers register. */
    brand: 'Tidings',
    programInvalid: 'programId must be a program id',
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
    /** The facts the server writes (src/server/services/carrier-registration.ts). */
    description:
      '%{brand} sends the participants of the program "%{program}" the messages of "%{product}": %{count} text messages, up to one a day. Staff enroll each participant in a pod; no message goes to a phone until it replies JOIN to the opt-in request below.',
    descriptionNoProduct:
      '%{brand} sends the participants of the program "%{program}" the messages of its product, up to one a day. The program has no product yet. Staff enroll each participant in a pod; no message goes to a phone until it replies JOIN to the opt-in request below.',
    frequency: 'Up to 1 message a day: %{count} messages over %{span} days.',
    frequencyOne: 'One message, on a single day.',
    frequencyNone: 'The program has no product message to send yet.',
    /** The first name in the opt-in request, which Tidings fills in for each participant. */
    firstName: '[first name]',
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
  },

  /** GET /api/analytics: its query's errors. */
  analyticsApi: {
    fromInvalid: 'from must be a date (YYYY-MM-DD)',
    toInvalid: 'to must be a date (YYYY-MM-DD)',
    toBeforeFrom: 'The end date must not be before the start date',
    rangeTooLong: 'The range may cover at most %{max} days',
    programInvalid: 'programId must be a program id',
  },

  server: {
    notFound: 'Not found',
    routeNotFound: 'No API route %{method} %{url}',
    invalidJson: 'The request body is not valid JSON',
    emptyJson: 'The request body is empty',
    bodyTooLarge: 'The request body is too large',
    unsupportedMediaType: 'Unsupported content type: send JSON',
    internal: 'Internal server error',
    validationFailed: 'Validation failed',
    invalidCharacters: 'Text must not contain control characters or invalid characters',
    invalidUrl: 'The address of the request is not valid',
    headersTooLarge: 'The address or headers of the request are too large',
    badRequest: 'The request could not be read',
    consoleNotBuilt: 'The console has not been built. Run `npm run build`, then reload.',
    /** A whole list asked for (no `page`) that is too long to send at once. */
    listTooLong:
      'This list has more than %{max} rows, too many to send at once: ask for it a page at a time, with page and perPage (up to %{perPage} a page), for example ?page=1&perPage=%{perPage}.',
    /** More whole lists and downloads at once than one user may have (HEAVY_REQUESTS). */
    tooManyHeavy:
      'You already have %{max} whole lists or downloads under way: please wait for one of them to finish.',
  },
} as const;

export type Messages = typeof messages;
