/**
 * The words of the demo products: real message series a program could send, within the message
 * rules (at most 160 characters with links, short links of at most 25 characters, plain GSM-7
 * characters so each message is a single SMS segment).
 */
export interface DemoMessage {
  text: string;
  links?: { url: string; label: string }[];
}

export interface DemoProduct {
  name: string;
  status: 'active' | 'inactive' | 'archived';
  preMessage: DemoMessage;
  messages: DemoMessage[];
  conclusionMessage: DemoMessage;
}

const link = (url: string, label: string) => [{ url, label }];

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Mindful Mornings',
    status: 'active',
    preMessage: {
      text: 'Welcome to Mindful Mornings! From tomorrow, one short practice arrives each morning. Reply STOP at any time to opt out.',
    },
    messages: [
      {
        text: "Day 1: Before you reach for your phone, take three slow breaths. Notice the air going in and out. That's it, you've started.",
      },
      {
        text: 'Day 2: Drink a glass of water before your coffee. Sip slowly and notice its temperature and taste.',
      },
      {
        text: 'Day 3: Name three things you can hear right now. Listening is a quick way back to the present.',
      },
      {
        text: 'Day 4: Stretch for one minute: reach up, fold forward, roll your shoulders. Guide:',
        links: link('https://example.com/mm4', 'Stretch guide'),
      },
      { text: 'Day 5: Write one sentence about how you feel today. No judging, just noticing.' },
      {
        text: 'Day 6: Try a 2-minute body scan, from your toes to the top of your head. Audio:',
        links: link('https://example.com/mm6', 'Body scan audio'),
      },
      {
        text: 'Day 7: Look back at your week. Which practice felt best? Keep that one going tomorrow.',
      },
    ],
    conclusionMessage: {
      text: 'You finished Mindful Mornings! Thank you for taking part. Tell us how it went:',
      links: link('https://example.com/mmend', 'Feedback'),
    },
  },
  {
    name: 'Hydration Habit',
    status: 'active',
    preMessage: {
      text: 'Hi from Hydration Habit! For 5 days we will send one small tip a day to help you drink more water. Reply STOP to opt out.',
    },
    messages: [
      {
        text: 'Day 1: Fill a bottle now and keep it where you can see it. Seeing water is the easiest reminder to drink it.',
      },
      { text: 'Day 2: Link water to a habit you already have: a glass with every meal today.' },
      {
        text: 'Day 3: Not a fan of plain water? Add lemon, cucumber or mint. Ideas:',
        links: link('https://example.com/hh3', 'Flavour ideas'),
      },
      {
        text: 'Day 4: Check in with your body: a dry mouth or a headache can mean you need a drink. Have one now.',
      },
      {
        text: 'Day 5: Last day! Count how many glasses you had today and aim for one more tomorrow.',
      },
    ],
    conclusionMessage: {
      text: 'That is the end of Hydration Habit. Keep the bottle close! Two quick questions for us:',
      links: link('https://example.com/hhend', 'Survey'),
    },
  },
  {
    name: 'Sleep Reset',
    status: 'active',
    preMessage: {
      text: 'Welcome to Sleep Reset. Over 10 days you will get one evening tip for better rest. Reply STOP at any time to opt out.',
    },
    messages: [
      {
        text: 'Night 1: Pick a wake-up time you can keep every day, weekends too. A steady morning sets a steady night.',
      },
      {
        text: 'Night 2: Dim the lights an hour before bed. Low light tells your body that night is coming.',
      },
      {
        text: 'Night 3: Put your phone on the other side of the room tonight. Use a paper book if you read in bed.',
      },
      {
        text: 'Night 4: No caffeine after 2pm today. Its effect lasts longer than most people think.',
      },
      {
        text: 'Night 5: Keep the bedroom cool, around 65F (18C). Why it helps:',
        links: link('https://example.com/sr5', 'Sleep and temperature'),
      },
      {
        text: 'Night 6: If you cannot sleep after 20 minutes, get up and do something calm until you feel sleepy.',
      },
      {
        text: "Night 7: Write tomorrow's to-do list before bed, so your mind does not have to hold it overnight.",
      },
      { text: 'Night 8: Try 4-7-8 breathing: in for 4, hold for 7, out for 8. Repeat four times.' },
      {
        text: 'Night 9: A short walk in daylight tomorrow morning helps set your body clock for the night.',
      },
      { text: 'Night 10: Which tips helped most? Keep two of them as your own bedtime routine.' },
    ],
    conclusionMessage: {
      text: 'Sleep Reset is complete. Sweet dreams! Your feedback helps us improve:',
      links: link('https://example.com/srend', 'Feedback'),
    },
  },
  {
    name: 'Move More Challenge',
    status: 'inactive',
    preMessage: {
      text: 'The Move More Challenge starts tomorrow: 3 days, one simple way a day to add movement. Reply STOP to opt out.',
    },
    messages: [
      {
        text: 'Day 1: Stand up and walk for 5 minutes every hour you sit. Set a timer if it helps.',
      },
      { text: 'Day 2: Take the stairs at least once today, and carry your own bags.' },
      { text: 'Day 3: Dance to one song you love. Nobody is watching, and it counts!' },
    ],
    conclusionMessage: {
      text: 'You did it! Thanks for moving more with us. See you at the next challenge.',
    },
  },
  {
    name: 'Winter Wellness 2025',
    status: 'archived',
    preMessage: {
      text: 'Winter Wellness begins tomorrow: three days of tips to stay well through the cold months.',
    },
    messages: [
      { text: 'Day 1: Wash your hands often and keep a small sanitizer with you.' },
      { text: 'Day 2: Get outside in the daylight for at least 15 minutes, even when it is cold.' },
      { text: 'Day 3: Eat one extra portion of vegetables today. Soups count!' },
    ],
    conclusionMessage: { text: 'Winter Wellness is over. Stay warm and well!' },
  },
];

export const FIRST_NAMES = [
  'Maria',
  'James',
  'Aisha',
  'Wei',
  'Carlos',
  'Emily',
  'Noah',
  'Priya',
  'Liam',
  'Sofia',
  'Mateo',
  'Hannah',
  'Omar',
  'Grace',
  'Ethan',
  'Yuki',
  'Isabella',
  'Daniel',
  'Fatima',
  'Lucas',
  'Chloe',
  'Andre',
  'Mei',
  'Samuel',
  'Olivia',
  'Diego',
  'Zara',
  'Benjamin',
  'Leila',
  'Jacob',
];

export const LAST_NAMES = [
  'Garcia',
  'Johnson',
  'Nguyen',
  'Smith',
  'Patel',
  'Kim',
  'Lopez',
  'Brown',
  'Chen',
  'Williams',
  'Martinez',
  'Davis',
  'Hernandez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Lee',
];

/** Street, city, state and ZIP code of a few US towns, for contact addresses. */
export const PLACES = [
  { city: 'Portland', state: 'OR', zipCode: '97205' },
  { city: 'Sacramento', state: 'CA', zipCode: '95814' },
  { city: 'Denver', state: 'CO', zipCode: '80202' },
  { city: 'Austin', state: 'TX', zipCode: '78701' },
  { city: 'Chicago', state: 'IL', zipCode: '60601' },
  { city: 'Raleigh', state: 'NC', zipCode: '27601' },
];

export const STREETS = ['Oak St', 'Maple Ave', 'Cedar Ln', 'Main St', 'Park Blvd', 'Lake Dr'];
