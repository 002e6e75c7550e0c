/** Programs: the list, the form, the schedule and the rules of a program. */

export const programs = {
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
  enrollmentEndsOnInvalid: 'Enrollment end must be a valid date',
  enrollmentEndsBeforeStart: 'Enrollment cannot end before the start date',
  enrollmentEndsOnCohort: 'Only a rolling program has an enrollment end',
  startDateTooFar: 'Start date must be within %{years} years from today',
  startDateTooEarly: 'Start date cannot be before the year %{year}',
  pause: 'Pause',
  resume: 'Resume',
  paused: 'Program "%{name}" paused. No message goes out until it is resumed.',
  resumed: 'Program "%{name}" resumed.',
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
    enrollment: 'Enrollment',
    enrollmentEndsOn: 'Enrollment ends on',
    status: 'Status',
    createdAt: 'Created',
    search: 'Search program name',
  },
  enrollments: {
    cohort: 'Cohort: everyone on the start date',
    rolling: 'Rolling: each participant from when they join',
  },
  enrollmentHelp: {
    cohort: 'Everyone gets day 0 on the start date; someone who joins later starts at that day.',
    rolling:
      "Each participant's day 0 is the first send time after they join, from the start date on; leaving or opting out ends their enrollment.",
  },
  enrollmentEndsOnHelp: 'The last day 0: nobody is enrolled later. Empty: enrollment stays open.',
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
    /** A rolling program's days have no one date: the table shows its first participants'. */
    rolling:
      "Rolling enrollment: these are the dates of participants whose day 0 is the start date. Everyone else gets the same days from their own day 0, so no day is past or to come for the program as a whole; each contact's Programs panel shows where they are.",
  },
  /**
   * The exact message each recipient gets on a day (GET /api/programs/{id}/preview), opened from a
   * day of the schedule of a saved program.
   */
  preview: {
    column: 'Recipients',
    open: 'Preview',
    saveFirst: 'Save your changes to the product or the schedule to preview the messages.',
    openDay: 'Preview the messages of %{day}',
    title: 'Messages of %{day}',
    goesOut: '%{day} goes out on %{date} at %{time} (%{place} time).',
    /** A rolling program: each recipient's time is their own, shown with their message. */
    goesOutRolling:
      "Each enrolled participant gets %{day} on their own calendar, counted from their day 0, at the program's send time (%{place} time).",
    counted: 'The product editor counted %{segments} segment(s) in %{encoding}.',
    flaggedOnly: 'Only flagged recipients (%{count})',
    flaggedSummary: '%{flagged} of %{total} recipient(s) flagged',
    recipient: 'Recipient',
    noName: 'No name',
    recipientOption: '%{name}, %{phone}',
    range: '%{from}-%{to} of %{total}',
    previousPage: 'Previous recipients',
    nextPage: 'Next recipients',
    nobody: 'Nobody receives this day: the program has no recipient who had joined by its time.',
    nobodyRolling:
      'Nobody receives this day: no participant of this program is enrolled and still on their way.',
    noneFlagged: 'No recipient of this day is flagged.',
    phone: 'The message as %{name} receives it',
    to: 'To %{name}, %{phone}',
    media: 'The picture or video of the message',
    encoding: 'Encoding',
    segments: 'Segments',
    dayZero: 'Their day 0',
    goes: 'Goes',
    at: '%{date}, %{time}',
    held: 'Held by quiet hours where the recipient may be: goes at %{time} on %{date} in %{place}',
    planned: 'Planned: this is the message in the outbox (%{status}).',
    notPlanned: 'Not planned yet: this is the message as it will be planned.',
    standInCodes:
      "Each tracked link shows a stand-in code of the real length; the recipient's own code is drawn when the day is planned.",
    flags: 'Flags',
    moreSegments: 'Costs %{segments} segments, the editor counted %{counted}',
    overOneSegment: 'Goes as %{segments} segments',
    emptyFields: {
      first_name: 'No first name and no fallback',
      last_name: 'No last name and no fallback',
      program_name: 'No program name and no fallback',
      day: 'No day number and no fallback',
      days_left: 'No days left and no fallback',
    },
    noFlags: 'Nothing to flag: as many segments as the editor counted, every field filled.',
    loadFailed: 'Failed to load the preview',
    close: 'Close',
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
} as const;
