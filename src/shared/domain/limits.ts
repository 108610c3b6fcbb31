/**
 * The one place for size limits on what people type and send. The server refuses more; the client
 * uses the same numbers for its counters and maxLength attributes.
 */
export const LIMITS = {
  /** Files attached to one message (decision 059). */
  messageFiles: 3,
  /** A person's, organization's, program's or section's name; a city, a school. */
  name: 200,
  email: 254,
  phone: 40,
  url: 2_048,
  /** One line: a short answer, a title, an address line, a search. */
  line: 500,
  /** A question's label. */
  label: 1_000,
  /** A question's help text, shown under its label. */
  help: 500,
  /** A form question key (letters, digits, _ and -). */
  key: 64,
  /** One select option or decision option. */
  option: 200,
  /** Options of one question; questions of one form. */
  options: 100,
  questions: 200,
  /** A number question's unit, shown after the field ("kg", "USD"). */
  unit: 20,
  /** Sections (pages) of one form. */
  sections: 30,
  /** Table questions: columns of one table, rows of one answer, characters of one text cell. */
  tableColumns: 8,
  tableRows: 50,
  tableCell: 500,
  /** The largest size of a number in a table cell (so a total stays exact). */
  tableNumber: 1_000_000_000_000,
  /** Rules of one "Show only if" condition. */
  conditionRules: 10,
  /** Questions of a program's eligibility screening. */
  screeningQuestions: 10,
  /** An essay, a long answer, a description, a statement or a review comment. */
  longText: 50_000,
  /** A whole JSON request body (file uploads have their own limits). */
  bodyBytes: 1024 * 1024,
  /** Nesting of a JSON request body (arrays and objects). */
  jsonDepth: 32,
} as const;

export const tooLongMessage = (max: number) =>
  `Please keep this to ${max.toLocaleString('en-US')} characters or fewer.`;
