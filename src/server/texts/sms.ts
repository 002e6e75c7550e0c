/**
 * The texts Tidings sends to phones itself: the opt-in request and the answers to keywords, in
 * the language of the keyword the phone wrote.
 */

export const sms = {
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
} as const;

/**
 * The same answers in the languages reply-reading.ts reads keywords in: a phone that wrote ALTO
 * or AYUDA is answered in Spanish, ARRET or AIDE in French. Each keeps the words of the English
 * one (the brand, how to opt out and back in, what it may cost).
 */
export const smsEs = {
  optinConfirmed:
    'Tidings: ¡Ya estás inscrito! Recibirás 1 mensaje al día de %{programs}. Responde AYUDA para ayuda, ALTO para darte de baja. Pueden aplicarse tarifas de mensajes y datos.',
  optinConfirmedNoProgram:
    'Tidings: ¡Ya estás inscrito! Recibirás 1 mensaje al día cuando empiece tu programa. Responde AYUDA para ayuda, ALTO para darte de baja. Pueden aplicarse tarifas de mensajes y datos.',
  optedOut:
    'Tidings: Te has dado de baja y no recibirás más mensajes nuestros. Responde COMENZAR para volver a suscribirte.',
  help: 'Tidings: 1 mensaje al día de tu programa. Responde ALTO para darte de baja, COMENZAR para volver. ¿Preguntas? %{contact}. Pueden aplicarse tarifas de mensajes y datos.',
} as const;

export const smsFr = {
  optinConfirmed:
    "Tidings: C'est fait ! Vous recevrez 1 message par jour de %{programs}. Répondez AIDE pour de l'aide, ARRET pour vous désabonner. Des frais de messagerie peuvent s'appliquer.",
  optinConfirmedNoProgram:
    "Tidings: C'est fait ! Vous recevrez 1 message par jour dès le début de votre programme. Répondez AIDE pour de l'aide, ARRET pour vous désabonner. Des frais de messagerie peuvent s'appliquer.",
  optedOut:
    'Tidings: Vous êtes désabonné et ne recevrez plus de messages de notre part. Répondez START pour vous réabonner.',
  help: "Tidings: 1 message par jour de votre programme. Répondez ARRET pour vous désabonner, START pour revenir. Des questions ? %{contact}. Des frais de messagerie peuvent s'appliquer.",
} as const;

/** How each language lists a confirmation's programs: 'A, B and C', or 'A, B, C and 2 more'. */
export const smsLists = {
  en: { listAnd: '%{list} and %{last}', moreNames: '%{count} more' },
  es: { listAnd: '%{list} y %{last}', moreNames: '%{count} más' },
  fr: { listAnd: '%{list} et %{last}', moreNames: '%{count} autres' },
} as const;
