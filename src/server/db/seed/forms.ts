import type { ApplicationForm, Question, ReviewerForm } from '../../../shared/schemas/forms';

/** Small builders so each form below reads like the form itself. */
const short = (key: string, label: string, maxLength: number, required = false): Question => ({
  key,
  type: 'short_text',
  label,
  required,
  maxLength,
});
const long = (key: string, label: string, maxWords: number, required = false): Question => ({
  key,
  type: 'long_text',
  label,
  required,
  maxWords,
});
const date = (key: string, label: string, required = false): Question => ({
  key,
  type: 'date',
  label,
  required,
});
const select = (key: string, label: string, options: string[], required = false): Question => ({
  key,
  type: 'select',
  label,
  required,
  options,
});
const checkbox = (key: string, label: string, required = false): Question => ({
  key,
  type: 'checkbox',
  label,
  required,
});
const file = (key: string, label: string, required = false): Question => ({
  key,
  type: 'file',
  label,
  required,
});

type Sections = ApplicationForm['profile']['sections'];

function form(
  questions: Question[],
  options: { applyhub?: boolean; coalition?: boolean; profile?: false | Sections } = {},
): ApplicationForm {
  return {
    questions,
    common: { applyhub: options.applyhub ?? false, coalition: options.coalition ?? false },
    profile:
      options.profile === false || options.profile === undefined
        ? { enabled: false, sections: {} }
        : { enabled: true, sections: options.profile },
  };
}

const allSections: Sections = { personal: true, family: true, writing: true, experience: true };

/** ApplyHub's own "Organization application": how a new organization asks to join. */
export const organizationApplicationForm: ApplicationForm = form(
  [
    short('q_org_name', 'Organization name', 120, true),
    short('q_website', 'Website', 200),
    short('q_contact_email', 'Contact email', 254, true),
    date('q_founded', 'Date founded'),
    long('q_mission', 'Mission statement', 250, true),
    select(
      'q_programs_offered',
      'Programs you plan to offer',
      ['Auditions', 'Scholarships', 'Applications', 'Competitions', 'A mix of these'],
      true,
    ),
    file('q_logo', 'Logo or supporting document (PDF, PNG or JPEG)'),
    checkbox(
      'q_agreement',
      'I am authorized to register this organization and agree to the ApplyHub Terms & Privacy Policy',
      true,
    ),
  ],
  { profile: { personal: true, family: false, writing: false, experience: false } },
);

export const youthOrchestraForm = form(
  [
    select(
      'q_instrument',
      'Primary instrument',
      ['Violin', 'Viola', 'Cello', 'Double bass', 'Flute', 'Clarinet', 'Oboe', 'Bassoon', 'Horn', 'Trumpet'],
      true,
    ),
    short('q_years_playing', 'Years of study on this instrument', 20, true),
    long('q_repertoire', 'List the two contrasting pieces you will perform', 120, true),
    file('q_recording', 'Pre-screening recording (MP4 or MP3)', true),
    date('q_preferred_date', 'Preferred live audition date'),
    checkbox('q_rehearsal_commitment', 'I can attend Saturday rehearsals from September to May', true),
  ],
  { applyhub: true, coalition: true, profile: allSections },
);

export const emergingArtistScholarshipForm = form(
  [
    select(
      'q_discipline',
      'Artistic discipline',
      ['Music', 'Dance', 'Theatre', 'Visual arts', 'Film', 'Writing'],
      true,
    ),
    long('q_artist_statement', 'Artist statement', 300, true),
    long('q_financial_need', 'How would this scholarship change your next year of study?', 200, true),
    file('q_portfolio', 'Portfolio sample (PDF, up to 10 pages)', true),
    short('q_teacher_reference', 'Name and email of a teacher who can recommend you', 160),
    checkbox('q_first_generation', 'I would be the first in my family to study the arts after high school'),
  ],
  { applyhub: true, profile: { personal: true, family: true, writing: true, experience: false } },
);

export const summerTheatreForm = form(
  [
    select(
      'q_track',
      'Which track are you applying for?',
      ['Acting', 'Musical theatre', 'Design & tech'],
      true,
    ),
    long('q_monologue', 'Describe the monologue or song you would prepare', 150, true),
    file('q_headshot', 'Headshot (PNG or JPEG)'),
    date('q_available_from', 'First date you are available in July'),
    checkbox('q_housing', 'I will need campus housing'),
  ],
  { applyhub: true, profile: { personal: true, family: true, writing: false, experience: true } },
);

export const youngComposersForm = form(
  [
    short('q_work_title', 'Title of the submitted work', 120, true),
    select('q_category', 'Category', ['Solo', 'Chamber ensemble', 'Orchestra', 'Electronic'], true),
    short('q_duration', 'Duration (minutes:seconds)', 10, true),
    file('q_score', 'Score (PDF)', true),
    long('q_program_note', 'Program note', 200),
    checkbox('q_original_work', 'This work is my original composition and has not won a prior award', true),
  ],
  { profile: { personal: true, family: false, writing: false, experience: true } },
);

export const muralResidencyForm = form(
  [
    long('q_concept', 'Mural concept', 250, true),
    file('q_sketch', 'Concept sketch (PDF, PNG or JPEG)', true),
    select('q_wall', 'Preferred wall', [
      'Riverside library annex',
      'Fifth Street underpass',
      'Community garden fence',
    ]),
    date('q_start_date', 'Earliest start date'),
    checkbox('q_public_workshops', 'I am willing to lead two public workshops during the residency', true),
  ],
  { coalition: true, profile: { personal: true, family: false, writing: true, experience: true } },
);

export const fallDanceForm = form([
  select('q_style', 'Dance style', ['Ballet', 'Contemporary', 'Hip-hop', 'Tap', 'Jazz'], true),
  short('q_training', 'Where do you currently train?', 150),
  file('q_video', 'Video of a one-minute solo (MP4)'),
]);

export const jazzEnsembleForm = form(
  [
    select(
      'q_instrument',
      'Instrument',
      ['Saxophone', 'Trumpet', 'Trombone', 'Piano', 'Guitar', 'Bass', 'Drums', 'Voice'],
      true,
    ),
    select('q_level', 'Improvisation experience', ['Beginner', 'Intermediate', 'Advanced'], true),
    file('q_recording', 'Recording of a standard of your choice (MP3)', true),
    long('q_influences', 'Which players influence you most, and why?', 100),
  ],
  { applyhub: true, profile: { personal: true } },
);

export const teachingArtistForm = form(
  [
    long('q_teaching_philosophy', 'Your teaching philosophy', 300, true),
    long('q_lesson_plan', 'Outline a 45-minute lesson for ten-year-olds', 250, true),
    file('q_cv', 'Curriculum vitae (PDF)', true),
    {
      key: 'q_reference_email',
      type: 'email',
      label: 'Email of a reference who has seen you teach',
      required: false,
    },
    {
      key: 'q_years_teaching',
      type: 'number',
      label: 'Years of teaching experience',
      required: true,
      min: 0,
      max: 60,
      integer: true,
      unit: 'years',
    },
    date('q_start', 'Earliest start date'),
    {
      key: 'q_letters',
      type: 'reference_letter',
      label: 'Letters of recommendation',
      required: false,
      minLetters: 2,
      maxLetters: 3,
      provides: 'either',
      instructions:
        'Please describe the applicant’s work with young people: how they plan, how they listen, and one lesson you saw them teach.',
      submitBeforeLetters: true,
      recommenderQuestions: [
        { key: 'known', type: 'short_text', label: 'How long have you known the applicant?', required: true },
      ],
    },
    checkbox('q_background_check', 'I consent to a background check before working with young people', true),
  ],
  { applyhub: true, profile: { personal: true, family: false, writing: true, experience: true } },
);

export const portfolioReviewForm = form(
  [
    select(
      'q_medium',
      'Primary medium',
      ['Painting', 'Drawing', 'Photography', 'Sculpture', 'Digital'],
      true,
    ),
    file('q_portfolio', 'Portfolio (PDF, up to 15 images)', true),
    long('q_statement', 'Statement about the work', 200, true),
  ],
  { applyhub: true, profile: { personal: true, family: false, writing: true, experience: true } },
);

/** The change to the portfolio review waiting for approval: one question added, one limit raised. */
export const portfolioReviewPendingForm = form(
  [
    select(
      'q_medium',
      'Primary medium',
      ['Painting', 'Drawing', 'Photography', 'Sculpture', 'Digital', 'Mixed media'],
      true,
    ),
    file('q_portfolio', 'Portfolio (PDF, up to 20 images)', true),
    long('q_statement', 'Statement about the work', 300, true),
    short('q_instagram', 'Instagram or website (optional)', 200),
    checkbox('q_exhibit_consent', 'Selected work may be shown in the spring exhibition'),
  ],
  { applyhub: true, profile: { personal: true, family: false, writing: true, experience: true } },
);

export const principalChairForm = form(
  [
    select(
      'q_section',
      'Section',
      ['First violin', 'Second violin', 'Viola', 'Cello', 'Bass', 'Winds', 'Brass'],
      true,
    ),
    long('q_excerpts', 'Orchestral excerpts you have prepared', 100, true),
    short('q_current_teacher', 'Current private teacher', 120, true),
    file('q_recording', 'Recording of the required excerpts (MP4)', true),
    date('q_available', 'Date you can audition in person'),
  ],
  { coalition: true, profile: { personal: true, family: true, writing: false, experience: true } },
);

export const chamberMusicScholarshipForm = form(
  [
    short('q_ensemble_name', 'Ensemble name (if you apply as a group)', 120),
    select(
      'q_ensemble_type',
      'Ensemble type',
      ['String quartet', 'Piano trio', 'Wind quintet', 'Other'],
      true,
    ),
    long('q_why', 'Why chamber music?', 150, true),
    file('q_recording', 'Recording of one movement (MP3 or MP4)', true),
    checkbox('q_tuition_need', 'I am requesting full tuition support'),
  ],
  {
    applyhub: true,
    coalition: true,
    profile: { personal: true, family: true, writing: true, experience: true },
  },
);

/** Sent back by the super admin (see its review note): terse labels and a yes/no pointe question. */
export const balletProgramForm = form(
  [
    short('q_years_training', 'Years', 20, true),
    select('q_pointe', 'Pointe work', ['Yes', 'No'], true),
    file('q_class_video', 'Video', true),
    date('q_last_performance', 'Date of your most recent performance'),
  ],
  { coalition: true, profile: { personal: true, family: true, writing: false, experience: false } },
);

export const danceAccessScholarshipForm = form(
  [
    long('q_story', 'Tell us about your path in dance so far', 250, true),
    select('q_household_size', 'Household size', ['1–2', '3–4', '5–6', '7 or more'], true),
    file('q_income_document', 'Proof of household income (PDF)', true),
    checkbox('q_certify', 'I certify the information I provide is accurate', true),
  ],
  {
    applyhub: true,
    coalition: true,
    profile: { personal: true, family: true, writing: true, experience: false },
  },
);

/**
 * A scholarship built with the richer form of issue 29: two sections, a content block, yes/no,
 * number, multiple select, a portfolio link shown only for visual arts and film (a condition), and a
 * table of study costs with its total (decision 060).
 */
export const artsLeadersScholarshipForm: ApplicationForm = {
  ...form(
    [
      {
        key: 'q_intro',
        type: 'content',
        label: 'Before you start',
        help: 'Have your most recent transcript and an estimate of next year’s study costs ready. You can move between the two sections at any time; your answers are saved as you type.',
        required: false,
        section: 's_about',
      },
      {
        key: 'q_resident',
        type: 'yes_no',
        label: 'Do you live in Lakeside County?',
        required: true,
        section: 's_about',
      },
      {
        key: 'q_gpa',
        type: 'number',
        label: 'Current GPA',
        required: false,
        min: 0,
        max: 5,
        section: 's_about',
      },
      { ...file('q_transcript', 'Most recent transcript (PDF)', true), section: 's_about' },
      {
        key: 'q_fields',
        type: 'multi_select',
        label: 'What will you study?',
        help: 'The fields your studies will be in next year.',
        required: true,
        options: ['Music', 'Dance', 'Theatre', 'Visual arts', 'Film', 'Writing'],
        maxChoices: 2,
        section: 's_plans',
      },
      {
        key: 'q_portfolio_link',
        type: 'url',
        label: 'Link to your online portfolio',
        required: true,
        showIf: {
          join: 'all',
          rules: [{ question: 'q_fields', op: 'one_of', value: ['Visual arts', 'Film'] }],
        },
        section: 's_plans',
      },
      {
        ...long('q_leadership', 'Describe a time you led a creative project in your community', 300, true),
        section: 's_plans',
      },
      {
        key: 'q_costs',
        type: 'table',
        label: 'Planned study costs for next year',
        help: 'One line per cost: tuition, lessons, materials, travel.',
        required: true,
        columns: [
          { key: 'item', label: 'Cost', type: 'text' },
          { key: 'amount', label: 'Amount (USD)', type: 'number' },
        ],
        minRows: 1,
        maxRows: 10,
        totalColumn: 'amount',
        section: 's_plans',
      },
    ],
    { applyhub: true, coalition: true, profile: allSections },
  ),
  sections: [
    { key: 's_about', title: 'About you' },
    { key: 's_plans', title: 'Your plans' },
  ],
};

export const playwrightsLabForm = form(
  [
    short('q_play_title', 'Title of the play', 120, true),
    select('q_length', 'Length', ['Ten-minute play', 'One act', 'Full length'], true),
    file('q_script', 'Script (PDF, no name on the pages)', true),
    long('q_synopsis', 'Synopsis', 200, true),
    checkbox('q_unproduced', 'The play has not had a professional production', true),
  ],
  { profile: { personal: true, family: false, writing: true, experience: false } },
);

export const stageManagementForm = form(
  [
    long('q_experience', 'Productions you have stage-managed or assisted on', 200, true),
    file('q_prompt_book', 'Sample prompt book pages (PDF)'),
    date('q_start', 'Earliest start date'),
  ],
  { profile: { personal: true, family: false, writing: false, experience: true } },
);

export const pianoCompetitionForm = form(
  [
    select(
      'q_division',
      'Age division',
      ['Junior (under 12)', 'Intermediate (12–15)', 'Senior (16–18)'],
      true,
    ),
    long('q_program', 'Your competition program (composer, title, duration)', 80, true),
    file('q_recording', 'Preliminary round recording (MP4)', true),
    short('q_teacher', 'Teacher name', 120, true),
    checkbox('q_rules', 'I have read the competition rules', true),
  ],
  { profile: { personal: true, family: true, writing: false, experience: false } },
);

export const summerMusicCampForm = form([
  select('q_session', 'Session', ['Session A (June)', 'Session B (July)', 'Both sessions'], true),
  short('q_instrument', 'Instrument', 60, true),
  checkbox('q_financial_aid', 'I would like to be considered for financial aid'),
]);

export const auditionReviewerForm: ReviewerForm = {
  show_score: true,
  show_comments: true,
  show_decision: true,
  decision_options: ['accept', 'waitlist', 'reject'],
};

export const scholarshipReviewerForm: ReviewerForm = {
  show_score: true,
  show_comments: true,
  show_decision: true,
  decision_options: ['approved', 'pending', 'denied'],
};

export const competitionReviewerForm: ReviewerForm = {
  show_score: true,
  show_comments: true,
  show_decision: false,
  decision_options: ['accept', 'waitlist', 'reject'],
};
