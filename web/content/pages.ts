/**
 * The editable texts of single public pages (sponsors, about, results, privacy, terms): each page loads
 * them with its own code. What every page shows is in site.ts.
 */
import { formatAddress, type ProseSection, SITE, WHAT_IS } from './site.ts';

export interface SponsorsPageContent {
  title: string;
  intro: string;
  primaryHeading: string;
  majorHeading: string;
  supportingHeading: string;
  visitLabel: string;
  partnership: {
    heading: string;
    text: string;
    buttonLabel: string;
    emailSubject: string;
  };
}

/**
 * What the sponsors page says of each primary and major sponsor, by name (supporting sponsors appear as
 * logos only). Kept here, not in SPONSORS, because the footer shows the logos on every page.
 */
export const SPONSOR_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'Northern Shield Gear':
    'Presenting sponsor of the FireFit Canada series. Northern Shield Gear designs structural turnout gear in Canada and supports every stage of the season, from the first regional qualifier to the national championship.',
  'Maple Turnout Co.':
    'Boots, gloves and hoods built for Canadian winters, and the official outfitter of our course volunteers.',
  'Summitline Air Systems':
    'Supplies and services the SCBA units every competitor breathes from on the course, including the Tech2 cylinder swaps.',
  'Ironbeam Rescue Tools':
    'Maker of forcible-entry tools and the steel beam sleds used in the forcible entry task at every event.',
};

export const SPONSORS_PAGE: SponsorsPageContent = {
  title: 'Our Sponsors',
  intro:
    'FireFit Canada events happen because of partners who believe in firefighter fitness. Their support keeps entry fees low, the course safe and the competition growing.',
  primaryHeading: 'Presenting Sponsor',
  majorHeading: 'Major Sponsors',
  supportingHeading: 'Supporting Sponsors',
  visitLabel: 'Visit website',
  partnership: {
    heading: 'Partnership Opportunities',
    text: 'Put your brand in front of competitors, fire departments and thousands of spectators across the season. We offer series, event and course-task sponsorships, and we are happy to build a package around your goals.',
    buttonLabel: 'Contact us about sponsorship',
    emailSubject: 'Sponsorship enquiry',
  },
};

// ---------------------------------------------------------------------------------------------
// About page

export interface CompetitionFormat {
  name: string;
  teamSize: string;
  summary: string;
}

export interface CourseTask {
  name: string;
  detail: string;
}

export interface HistoryFigure {
  value: string;
  label: string;
}

export interface AboutPageContent {
  title: string;
  intro: string;
  whatIs: ProseSection;
  whoWeAre: ProseSection;
  eventLike: ProseSection & {
    formatsHeading: string;
    formats: CompetitionFormat[];
    courseHeading: string;
    courseIntro: string;
    courseTasks: CourseTask[];
  };
  join: ProseSection & {
    eligibilityHeading: string;
    eligibility: string;
    stepsHeading: string;
    steps: string[];
    gearHeading: string;
    gear: string;
  };
  history: ProseSection & { figures: HistoryFigure[] };
  getInvolved: ProseSection & { buttonLabel: string; emailSubject: string };
}

export const ABOUT_PAGE: AboutPageContent = {
  title: 'About FireFit Canada',
  intro: 'A timed, head-to-head race through the real work of structural firefighting, run in full gear and on air.',
  whatIs: WHAT_IS,
  whoWeAre: {
    heading: 'Who We Are',
    paragraphs: [
      'We are firefighters, volunteers and event organisers who believe that fitness saves lives, on and off the fireground. FireFit Canada runs the national series, sets the rules and standards, and works with host departments to stage events across the country.',
      'Our aim is simple: give firefighters a reason to train all year, and give communities a chance to see what their fire services can do.',
    ],
  },
  eventLike: {
    heading: "What's an Event Like?",
    paragraphs: [
      'An event is a loud, friendly day outdoors. Competitors start in pairs, one in each lane, while spectators line the course and cheer them to the finish. Results are entered as runs finish, checked by an official and published.',
    ],
    formatsHeading: 'Three ways to compete',
    formats: [
      {
        name: 'Individual',
        teamSize: 'Head-to-head',
        summary:
          'Each competitor races their own time. Departments can also enter a team of 3 to 5 from the same department, scored on its 3 fastest times.',
      },
      {
        name: 'Relay',
        teamSize: 'Teams of 3 to 5',
        summary:
          'Team members run successive tasks, passing a baton from one to the next. One time for the whole team.',
      },
      {
        name: 'Tech2 Relay',
        teamSize: 'Teams of 2',
        summary: 'A two-person relay that adds SCBA donning and a cylinder swap in the middle of the course.',
      },
    ],
    courseHeading: 'The course',
    courseIntro: 'Six tasks, run in order, in full turnout gear and on air:',
    courseTasks: [
      { name: 'Tower climb', detail: 'Carry a 42-lb high-rise hose pack up a six-storey tower.' },
      { name: 'Hose hoist', detail: 'Hand over hand, hoist a 42-lb roll of hose to the top of the tower.' },
      { name: 'Forcible entry', detail: 'Drive a steel beam a set distance with a 9-lb mallet.' },
      { name: 'Hydrant slalom', detail: 'Run a 140-foot slalom around the hydrants.' },
      { name: 'Hose advance', detail: 'Drag a charged hose line and hit the target with the stream.' },
      { name: 'Victim rescue', detail: 'Drag a 175-lb mannequin 100 feet to the finish.' },
    ],
  },
  join: {
    heading: 'How Can I Join?',
    paragraphs: ['Whether you are chasing a national record or running your first course, there is a place for you.'],
    eligibilityHeading: 'Who can compete',
    eligibility:
      'Medically cleared structural firefighters, rescue personnel and enrolled pre-service students, aged 19 to 69.',
    stepsHeading: 'How to enter',
    steps: [
      'Create your competitor profile.',
      'Complete the health questionnaire.',
      'Register online for the event and run you want to enter.',
    ],
    gearHeading: 'What to bring',
    gear: 'Bring your own NFPA-approved turnout gear. The organiser supplies the SCBA.',
  },
  history: {
    heading: 'Our History',
    paragraphs: [
      'The series began in August 1994 in Vancouver, where about 50,000 spectators watched the first competition. One year later it had grown to seven events, with over 715 competitors from over 105 departments.',
      'Today the competition is international, with firefighters from across Canada and beyond racing the same course.',
    ],
    figures: [
      { value: 'August 1994', label: 'First competition, in Vancouver' },
      { value: '50,000', label: 'Spectators at the first event' },
      { value: '7', label: 'Events in 1995' },
      { value: '715+', label: 'Competitors in 1995' },
      { value: '105+', label: 'Departments in 1995' },
    ],
  },
  getInvolved: {
    heading: 'How Do I Get Involved?',
    paragraphs: [
      'Interested in hosting an event in your community, volunteering on the course or bringing your department along? Send us an e-mail and we will help you get started.',
    ],
    buttonLabel: 'E-mail us about hosting',
    emailSubject: 'Hosting a FireFit event',
  },
};

// ---------------------------------------------------------------------------------------------
// Results page (a placeholder: no data is loaded)

export interface ResultsPageContent {
  title: string;
  intro: string;
  searchHeading: string;
  searchCriteria: { label: string; description: string }[];
  emptyHeading: string;
  emptyText: string;
}

export const RESULTS_PAGE: ResultsPageContent = {
  title: 'Competition Results',
  intro:
    'Find official times from every FireFit Canada event. Results can be searched by competitor, department, category and event.',
  searchHeading: 'Search results by',
  searchCriteria: [
    { label: 'Competitor', description: 'Look up any athlete by name.' },
    { label: 'Department', description: 'See how your department performed.' },
    { label: 'Category', description: 'Compare times within a division.' },
    { label: 'Event', description: 'Browse the full results of one event.' },
  ],
  emptyHeading: 'No Results Yet',
  emptyText: 'Competition results will be posted here once they become available. Please check back soon.',
};

// ---------------------------------------------------------------------------------------------
// Legal pages

export interface LegalDocument {
  title: string;
  /** ISO date; shown as 'Last updated'. */
  lastUpdated: string;
  intro: string;
  sections: ProseSection[];
}

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: '2026-11-01',
  intro:
    'FireFit Canada respects your privacy. This policy explains what personal information we collect, why we collect it and how we protect it, in line with the Personal Information Protection and Electronic Documents Act (PIPEDA) and applicable provincial privacy laws.',
  sections: [
    {
      heading: 'Information we collect',
      paragraphs: [
        'When you create a competitor profile or register for an event we collect your name, e-mail address, date of birth, fire department or school, team details and the answers to our health questionnaire. Payment details are handled by our payment provider and are not stored by us.',
        'When you browse this website we collect basic technical information, such as pages visited and browser type, to keep the site secure and working.',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: [
        'We use your information to run events: to confirm eligibility, build run orders and teams, publish results, contact you about events you entered and keep competitors safe. We do not sell your personal information.',
        'Competition results, including your name, department, category and times, are published on this website and at events.',
      ],
    },
    {
      heading: 'Consent',
      paragraphs: [
        'By registering you consent to this use of your information. You may withdraw consent at any time, although we may then be unable to accept your entry to an event.',
      ],
    },
    {
      heading: 'Sharing',
      paragraphs: [
        'We share information only with event hosts, officials and service providers who need it to run an event, and only as much as they need. They must protect it as we do. We may also disclose information where the law requires it.',
      ],
    },
    {
      heading: 'Storage and security',
      paragraphs: [
        'We protect personal information with safeguards appropriate to its sensitivity, and keep it only as long as needed for the purposes above or as required by law. Health questionnaire answers are seen only by people who need them for competitor safety.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You may ask to see the personal information we hold about you, and to correct it. Contact our privacy officer at the e-mail address below. If you are not satisfied with our answer you may contact the Office of the Privacy Commissioner of Canada.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [`Questions about this policy can be sent to ${SITE.email} or by mail to ${formatAddress()}.`],
    },
  ],
};

export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: '2026-11-01',
  intro:
    'These terms apply to your use of the FireFit Canada website and portal. By using the site you agree to them. If you do not agree, please do not use the site.',
  sections: [
    {
      heading: 'Using the site',
      paragraphs: [
        'You may browse the public pages freely for personal, non-commercial purposes. Please do not misuse the site, interfere with its operation or try to reach parts of it you are not authorised to use.',
      ],
    },
    {
      heading: 'Accounts and registration',
      paragraphs: [
        'You are responsible for keeping your account details accurate and your password secret. Entries are subject to the eligibility rules, waiver and health questionnaire of each event, and to the competition rulebook.',
      ],
    },
    {
      heading: 'Fees and refunds',
      paragraphs: [
        'Entry fees are shown in Canadian dollars when you register. Refunds, transfers and waitlist places follow the policy published for each event.',
      ],
    },
    {
      heading: 'Content',
      paragraphs: [
        'Text, images, logos and results on this site belong to FireFit Canada or its partners. Results and schedules are published as a service and may be corrected after review by officials.',
      ],
    },
    {
      heading: 'Links to other sites',
      paragraphs: [
        'The site links to sponsors and other websites that we do not control. We are not responsible for their content or their privacy practices.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'The site is provided as is. To the extent permitted by law, FireFit Canada is not liable for losses arising from its use or from any interruption of service. Participation in events is governed by the waiver each competitor signs.',
      ],
    },
    {
      heading: 'Governing law',
      paragraphs: [
        'These terms are governed by the laws of the Province of British Columbia and the federal laws of Canada that apply there. We may update them from time to time; the date above shows the latest version.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [`Questions about these terms can be sent to ${SITE.email}.`],
    },
  ],
};
