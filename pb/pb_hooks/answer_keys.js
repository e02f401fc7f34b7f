/// <reference path="../../pb_data/types.d.ts" />

// Answer keys and explanations of MCQ papers (OL_Items, AL_Items) as content managers type them
// in the admin UI; loaded by answer_keys.pb.js (a plain .js file: PocketBase runs only *.pb.js
// files here as hooks). The same rules as student_portal/utils/answer_keys.py, which marks the
// sheets: both are held to tests/support/answer_keys.json. docs/content-managers.md explains the
// forms to content managers.

const MAX_OPTIONS = 5; // Sri Lankan MCQ papers: A/L 5 options, O/L 4
const MIN_OPTIONS = 4;
const MAX_QUESTIONS = 200;
const CANCELLED = 0;

const NUMBER = /^[0-9]{1,3}$/;
const EXPLANATION = /^\s*([0-9]{1,3})\s*[:.)\-\u2013]\s*(.*)$/;

function option(question, token) {
  const value = token.trim().toLowerCase();
  if (value === "x") return CANCELLED;
  if (NUMBER.test(value) && Number(value) >= 1 && Number(value) <= MAX_OPTIONS) return Number(value);
  throw new Error(
    `Question ${question}: "${token}" is not an option: write 1 to ${MAX_OPTIONS}, or x for a cancelled question.`,
  );
}

function pairs(tokens) {
  const given = {};
  let last = 0;
  let highest = 0;
  for (const token of tokens) {
    const where = last ? `After question ${last}` : "At the start";
    if (token.indexOf("-") < 0) {
      throw new Error(
        `${where}: "${token}" has no question number: write every answer as question-option (12-3), ` +
          "or only the options in order (3 5 1 4).",
      );
    }
    const parts = token.split("-");
    if (parts.length !== 2 || !NUMBER.test(parts[0])) {
      throw new Error(`${where}: "${token}" cannot be read: write each answer as question-option, e.g. 12-3.`);
    }
    const number = Number(parts[0]);
    if (number < 1 || number > MAX_QUESTIONS) {
      throw new Error(`Question ${number}: a paper has questions 1 to ${MAX_QUESTIONS}.`);
    }
    if (Object.prototype.hasOwnProperty.call(given, number)) throw new Error(`Question ${number} is given twice.`);
    given[number] = option(number, parts[1]);
    last = number;
    highest = Math.max(highest, number);
  }
  const answers = [];
  for (let number = 1; number <= highest; number++) {
    if (!Object.prototype.hasOwnProperty.call(given, number)) {
      throw new Error(`Question ${number} has no answer: write ${number}-x if it was cancelled.`);
    }
    answers.push(given[number]);
  }
  return answers;
}

// {answers: [option or 0 for x, ...], options: n}, or null for an empty key; throws an Error
// whose message names the question.
function parseKey(text) {
  if (typeof text !== "string" || !text.trim()) return null;
  const tokens = text
    .trim()
    .replace(/\s*[-\u2013:]\s*/g, "-")
    .split(/[\s,;]+/)
    .filter((token) => token);
  if (!tokens.length) return null;
  let answers;
  if (tokens.some((token) => token.indexOf("-") >= 0)) {
    answers = pairs(tokens);
  } else {
    if (tokens.length > MAX_QUESTIONS) {
      throw new Error(`Question ${MAX_QUESTIONS + 1}: a paper has questions 1 to ${MAX_QUESTIONS}.`);
    }
    answers = tokens.map((token, i) => option(i + 1, token));
  }
  return { answers: answers, options: Math.max(MIN_OPTIONS, ...answers) };
}

// {question number: explanation}; throws for a line before any number, a question the key does
// not have (`questions`) or one explained twice.
function parseExplanations(text, questions) {
  const found = {};
  if (typeof text !== "string") return found;
  let current = 0;
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.trim()) continue;
    const numbered = EXPLANATION.exec(line);
    if (!numbered) {
      if (!current) {
        throw new Error(`Explanations, line ${i + 1}: start with the question number, e.g. "12: because ...".`);
      }
      found[current] = `${found[current]} ${line.trim()}`.trim();
      continue;
    }
    current = Number(numbered[1]);
    if (current < 1 || current > questions) {
      throw new Error(`Explanation for question ${current}: the key has ${questions} questions.`);
    }
    if (Object.prototype.hasOwnProperty.call(found, current)) {
      throw new Error(`Explanation for question ${current} is given twice.`);
    }
    found[current] = numbered[2].trim();
  }
  return found;
}

module.exports = { MAX_OPTIONS, MAX_QUESTIONS, parseKey, parseExplanations };
