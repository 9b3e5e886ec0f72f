import { z } from "zod";
import { searchParam } from "./paging.js";
import { type TrainingStatus, trainingModuleTypes } from "./trainingLabels.js";
import { idParam } from "./users.js";

export * from "./trainingLabels.js";

/** Schemas, rules and formulas of the training area (docs/product.md). */

export const MODULE_DURATION_DEFAULT = 30;
export const MODULE_DURATION_MIN = 5;
export const QUIZ_PASS_MARK = 70;
/** Progress on the module pages is saved when it rose by this much, or reached 100. */
export const PROGRESS_SAVE_STEP = 10;
/** "Start Training" records this much progress. */
export const START_TRAINING_PROGRESS = 1;
/** A perfect score moves to the completed view after this delay. */
export const PERFECT_SCORE_DELAY_MS = 1500;

/** Seeded modules that the static training pages load by slug (migration 0002). */
export const staticTrainingSlugs = ["site-safety", "spotter-safety", "fall-protection", "hazardous-materials"] as const;
export type StaticTrainingSlug = (typeof staticTrainingSlugs)[number];

// ---------------------------------------------------------------------------------------------
// Module content: { sections: [{title, content, points?}], quiz: [{question, options, answer}], guidelines? }

export const moduleSectionSchema = z.object({
  title: z.string({ error: "Section title is required" }).trim().min(1, "Section title is required").max(200, "Section title is too long"),
  content: z
    .string({ error: "Section content is required" })
    .trim()
    .min(1, "Section content is required")
    .max(20_000, "Section content is too long"),
  points: z.array(z.string().trim().min(1).max(1000)).max(50).optional(),
});
export type ModuleSection = z.infer<typeof moduleSectionSchema>;

/** A question's words: what a translation carries, question for question. */
const quizWordsShape = {
  question: z.string({ error: "Question is required" }).trim().min(1, "Question is required").max(1000, "Question is too long"),
  options: z
    .array(z.string({ error: "Option cannot be empty" }).trim().min(1, "Option cannot be empty").max(500, "Option is too long"), {
      error: "At least two options are required",
    })
    .min(2, "At least two options are required")
    .max(10, "A question can have at most 10 options"),
};

export const quizQuestionSchema = z
  .object({
    ...quizWordsShape,
    answer: z.number({ error: "Answer index is required" }).int("Answer index is required").min(0, "Answer index is required"),
  })
  .superRefine((q, ctx) => {
    if (q.answer >= q.options.length) {
      ctx.addIssue({ code: "custom", path: ["answer"], message: "Answer index must point to one of the options" });
    }
  });
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const guidelineSchema = z.object({
  category: z.string().trim().min(1, "Category is required").max(200),
  title: z.string().trim().min(1, "Title is required").max(200),
  oshaStandard: z.string().trim().min(1, "OSHA standard is required").max(200),
  description: z.string().trim().min(1, "Description is required").max(5000),
  keyPoints: z.array(z.string().trim().min(1).max(1000)).max(50),
  resourceLink: z.url({ protocol: /^https?$/, error: "Please enter a valid URL" }).optional(),
});
export type Guideline = z.infer<typeof guidelineSchema>;

/** A module's content with the given quiz question schema: the English module's, or a translation's. */
function contentSchema<Q extends z.ZodType>(question: Q) {
  return z.object({
    sections: z
      .array(moduleSectionSchema, { error: "At least one section is required" })
      .min(1, "At least one section is required")
      .max(50, "A module can have at most 50 sections"),
    quiz: z
      .array(question, { error: "At least one quiz question is required" })
      .min(1, "At least one quiz question is required")
      .max(50, "A module can have at most 50 questions"),
    guidelines: z.array(guidelineSchema).max(50).optional(),
  });
}

export const moduleContentSchema = contentSchema(quizQuestionSchema);
export type TrainingModuleContent = z.infer<typeof moduleContentSchema>;

/** Duration in minutes: a number, at least 5; blank falls back to 30. */
export const moduleDurationSchema = z
  .union([z.number(), z.string(), z.null(), z.undefined()])
  .transform((v) => (v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? MODULE_DURATION_DEFAULT : Number(v)))
  .pipe(
    z
      .number({ error: "Duration must be a number" })
      .int("Duration must be a whole number of minutes")
      .min(MODULE_DURATION_MIN, "Duration must be at least 5 minutes")
      .max(1440, "Duration must be at most 1440 minutes"),
  )
  .default(MODULE_DURATION_DEFAULT);

// ---------------------------------------------------------------------------------------------
// Translations: the same module in another language (migration 0013). The English module holds
// the quiz's answers (option indexes); a translation holds only the words, question for question
// and option for option, so grading never depends on the language the quiz was read in.

export const TRANSLATION_SECTIONS_MISMATCH = "The Spanish version must have the same sections as the English one";
export const TRANSLATION_QUESTIONS_MISMATCH = "The Spanish quiz must have the same questions as the English one";
export const TRANSLATION_OPTIONS_MISMATCH = "Each Spanish question must have the same options as the English one";

export const translatedQuizQuestionSchema = z.object(quizWordsShape);

export const translatedModuleContentSchema = contentSchema(translatedQuizQuestionSchema);
export type TranslatedModuleContent = z.infer<typeof translatedModuleContentSchema>;

/** A module's title, description and content in another language. */
export const moduleTranslationSchema = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200, "Title is too long"),
  description: z.string().trim().max(5000, "Description is too long").optional().default(""),
  content: translatedModuleContentSchema,
});
export type ModuleTranslation = z.infer<typeof moduleTranslationSchema>;

/** The languages a module may be translated into (English is the module itself). */
export const moduleTranslationLanguages = ["es"] as const;
export type ModuleTranslationLanguage = (typeof moduleTranslationLanguages)[number];

/**
 * The first way a translation does not match its module (a section, question or option more or
 * less), with its field path, or null when it matches one for one.
 */
export function translationMismatch(
  module: { sections: readonly unknown[]; quiz: ReadonlyArray<{ options: readonly unknown[] }> },
  translation: { sections: readonly unknown[]; quiz: ReadonlyArray<{ options: readonly unknown[] }> },
): { path: string; message: string } | null {
  if (translation.sections.length !== module.sections.length) return { path: "content.sections", message: TRANSLATION_SECTIONS_MISMATCH };
  if (translation.quiz.length !== module.quiz.length) return { path: "content.quiz", message: TRANSLATION_QUESTIONS_MISMATCH };
  for (let i = 0; i < module.quiz.length; i++) {
    if (translation.quiz[i]?.options.length !== module.quiz[i]?.options.length) {
      return { path: `content.quiz.${i}.options`, message: TRANSLATION_OPTIONS_MISMATCH };
    }
  }
  return null;
}

/** PUT /api/training-modules/:id/translations/:language: staff add or replace a module's translation. */
export const setModuleTranslationSchema = moduleTranslationSchema.extend({
  id: idParam,
  language: z.enum(moduleTranslationLanguages, { error: "Language must be es (Spanish)" }),
});
export type SetModuleTranslationInput = z.input<typeof setModuleTranslationSchema>;

/** POST /api/training-modules and the "Add New Training Module" dialog. */
export const createTrainingModuleSchema = z
  .object({
    title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200, "Title is too long"),
    description: z.string().trim().max(5000, "Description is too long").optional().default(""),
    type: z.enum(trainingModuleTypes, { error: "Please select a valid module type" }).optional().default("site_safety"),
    duration: moduleDurationSchema,
    content: moduleContentSchema,
    /** The Spanish version, optional: it must match the module section for section and option for option. */
    translations: z.object({ es: moduleTranslationSchema.optional() }).optional(),
  })
  .superRefine((value, ctx) => {
    const es = value.translations?.es;
    const mismatch = es ? translationMismatch(value.content, es.content) : null;
    if (mismatch) ctx.addIssue({ code: "custom", path: ["translations", "es", ...mismatch.path.split(".")], message: mismatch.message });
  });
export type CreateTrainingModuleInput = z.input<typeof createTrainingModuleSchema>;
export type CreateTrainingModule = z.infer<typeof createTrainingModuleSchema>;

/** ?type= filter; the hyphenated spelling (hazardous-materials) is accepted as well. */
export const trainingModuleListSchema = z
  .object({
    type: z
      .string()
      .trim()
      .transform((v) => v.replaceAll("-", "_"))
      .pipe(z.enum(trainingModuleTypes, { error: "Please select a valid module type" }))
      .optional(),
  })
  .optional();

export const trainingModuleBySlugSchema = z.object({ slug: z.string().trim().min(1).max(100) });

// ---------------------------------------------------------------------------------------------
// Worker progress

export const trainingProgressValueSchema = z.coerce
  .number({ error: "Progress must be a number" })
  .int("Progress must be a whole number")
  .min(0, "Progress must be between 0 and 100")
  .max(100, "Progress must be between 0 and 100");

export const workerTrainingsSchema = z.object({ workerId: idParam });

/**
 * POST /api/workers/:workerId/trainings and PUT .../trainings/:moduleId. Status, lastAccessedAt and
 * completedAt are derived on the server from progress (clients may send them; they are not trusted).
 */
export const recordTrainingProgressSchema = z.object({
  workerId: idParam,
  moduleId: idParam,
  progress: trainingProgressValueSchema,
});
export type RecordTrainingProgressInput = z.input<typeof recordTrainingProgressSchema>;

/** Below 100: in progress; 100: completed. */
export function trainingStatusForProgress(progress: number): Exclude<TrainingStatus, "not_started"> {
  return progress >= 100 ? "completed" : "in_progress";
}

// ---------------------------------------------------------------------------------------------
// Formulas (docs/product.md)

/**
 * Overall training percentage: (completed x 100 + sum of in-progress progress) / (modules x 100),
 * as a whole percent; 100 when there are no modules. The same formula as
 * packages/db/src/queries/compliance.ts (worker compliance).
 */
export function overallTrainingPercentage(
  records: ReadonlyArray<{ status: TrainingStatus; progress: number }>,
  moduleCount: number,
): number {
  if (moduleCount <= 0) return 100;
  let points = 0;
  for (const r of records) {
    if (r.status === "completed") points += 100;
    else if (r.status === "in_progress") points += Math.max(0, Math.min(100, r.progress));
  }
  return Math.min(100, Math.round(points / moduleCount));
}

/** Correct answers over total, rounded to a whole percent (0 with no questions). */
export function quizScore(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.max(0, Math.min(correct, total)) / total) * 100);
}

export function isQuizPassed(score: number): boolean {
  return score >= QUIZ_PASS_MARK;
}

/** Answers (option index per question, null when none) checked against the quiz. */
export function countCorrectAnswers(
  quiz: ReadonlyArray<Pick<QuizQuestion, "answer">>,
  answers: ReadonlyArray<number | null | undefined>,
): number {
  return quiz.reduce((n, q, i) => (answers[i] === q.answer ? n + 1 : n), 0);
}

/** A quiz counts as answered when every question has a chosen option. */
export function isQuizAnswered(questionCount: number, answers: ReadonlyArray<number | null | undefined>): boolean {
  for (let i = 0; i < questionCount; i++) if (answers[i] == null) return false;
  return true;
}

/** Step progress: (sections viewed + correct answers) / (sections + questions), a whole percent. */
export function stepProgress(sectionsViewed: number, correctAnswers: number, sectionCount: number, questionCount: number): number {
  const total = sectionCount + questionCount;
  if (total <= 0) return 0;
  const done = Math.min(sectionsViewed, sectionCount) + Math.min(correctAnswers, questionCount);
  return Math.round((Math.max(0, done) / total) * 100);
}

/** Save only when progress rose by 10 or more over the stored value, or reached 100 (and was not already). */
export function shouldSaveProgress(next: number, stored: number | null | undefined): boolean {
  const before = stored ?? 0;
  if (next >= 100) return before < 100;
  return next - before >= PROGRESS_SAVE_STEP;
}

/**
 * Removing an option in the module builder: keeps at least two options; an answer after the
 * removed one shifts down by one, the removed answer itself resets to the first option.
 */
export function removeQuizOption(
  question: { options: readonly string[]; answer: number | null },
  index: number,
): {
  options: string[];
  answer: number | null;
} {
  if (question.options.length <= 2 || index < 0 || index >= question.options.length) {
    return { options: [...question.options], answer: question.answer };
  }
  const options = question.options.filter((_, i) => i !== index);
  let answer = question.answer;
  if (answer !== null) {
    if (answer === index) answer = 0;
    else if (answer > index) answer -= 1;
  }
  return { options, answer };
}

/** The builder's rules: the last section and the last question cannot be removed, nor the last two options. */
export const canRemoveSection = (count: number) => count > 1;
export const canRemoveQuestion = (count: number) => count > 1;
export const canRemoveOption = (count: number) => count > 2;

/** An empty question and section for the builder. */
export const emptySection = (): { title: string; content: string } => ({ title: "", content: "" });
export const emptyQuestion = (): { question: string; options: string[]; answer: number } => ({
  question: "",
  options: ["", ""],
  answer: 0,
});

/**
 * GET /api/training-completion: one row per worker and module (the compliance export). Staff read
 * everyone's; a worker reads only their own rows.
 */
export const trainingCompletionListSchema = z.object({
  workerId: idParam.optional(),
  moduleId: idParam.optional(),
  search: searchParam,
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
export type TrainingCompletionListInput = z.infer<typeof trainingCompletionListSchema>;

// ---------------------------------------------------------------------------------------------
// Server grading (docs/decisions/0107-server-graded-training.md). The browser receives the quiz
// without its answers, sends the chosen options, and the server grades, stores the attempt and
// decides the progress and completion.

/** A quiz question as served before an attempt: the answer index stays on the server. */
export type PublicQuizQuestion = Omit<QuizQuestion, "answer">;
export type PublicModuleContent = Omit<TrainingModuleContent, "quiz"> & { quiz: PublicQuizQuestion[] };

/** The module content without the answer of any question. */
export function publicModuleContent(content: TrainingModuleContent): PublicModuleContent {
  return { ...content, quiz: content.quiz.map(({ question, options }) => ({ question, options })) };
}

/**
 * Two kinds of knowledge check: the static training pages (pass at the pass mark, then "Mark as
 * Complete") and the other modules (a perfect score completes them).
 */
export type QuizKind = "static" | "module";

export function quizKindOf(slug: string | null | undefined): QuizKind {
  return slug && (staticTrainingSlugs as readonly string[]).includes(slug) ? "static" : "module";
}

export const QUIZ_UNANSWERED = "Answer every question before submitting";
export const QUIZ_OPTION_INVALID = "Each answer must be one of the question's options";

/** POST /api/workers/:workerId/trainings/:moduleId/attempts: the chosen option per question. */
export const submitQuizAttemptSchema = z.object({
  workerId: idParam,
  moduleId: idParam,
  answers: z
    .array(z.number({ error: QUIZ_OPTION_INVALID }).int(QUIZ_OPTION_INVALID).min(0, QUIZ_OPTION_INVALID).nullable(), {
      error: QUIZ_UNANSWERED,
    })
    .max(50, QUIZ_OPTION_INVALID),
  /** Sections the worker opened on the module page; only counts toward progress below 100. */
  sectionsViewed: z.coerce.number().int().min(0).max(50).optional().default(0),
});
export type SubmitQuizAttemptInput = z.input<typeof submitQuizAttemptSchema>;

export interface QuizQuestionResult {
  chosen: number | null;
  correctAnswer: number;
  isCorrect: boolean;
}

export interface QuizGrade {
  correct: number;
  total: number;
  score: number;
  passed: boolean;
  results: QuizQuestionResult[];
}

/**
 * The first problem with a set of answers for this quiz (one option per question, each within the
 * question's options), or null when it can be graded.
 */
export function quizAnswersProblem(
  quiz: ReadonlyArray<Pick<QuizQuestion, "options">>,
  answers: ReadonlyArray<number | null>,
): string | null {
  if (answers.length !== quiz.length || !isQuizAnswered(quiz.length, answers)) return QUIZ_UNANSWERED;
  for (let i = 0; i < quiz.length; i++) {
    const a = answers[i];
    if (a == null || a >= (quiz[i]?.options.length ?? 0)) return QUIZ_OPTION_INVALID;
  }
  return null;
}

/** Grades answers against the quiz: score is correct over total as a whole percent; passed at 70%. */
export function gradeQuiz(quiz: ReadonlyArray<Pick<QuizQuestion, "answer">>, answers: ReadonlyArray<number | null>): QuizGrade {
  const results = quiz.map((q, i) => {
    const chosen = answers[i] ?? null;
    return { chosen, correctAnswer: q.answer, isCorrect: chosen === q.answer };
  });
  const correct = results.filter((r) => r.isCorrect).length;
  const score = quizScore(correct, quiz.length);
  return { correct, total: quiz.length, score, passed: isQuizPassed(score), results };
}

/** The lowest score that completes a module: the pass mark on the static pages, else a perfect score. */
export function completingScore(kind: QuizKind): number {
  return kind === "static" ? QUIZ_PASS_MARK : 100;
}

export function attemptCompletes(kind: QuizKind, score: number): boolean {
  return score >= completingScore(kind);
}

/**
 * Progress stored after an attempt on a module page: 100 for a perfect score, else the step
 * progress (sections viewed plus correct answers), below 100. The static pages record completion
 * through "Mark as Complete", so an attempt there changes no progress (null).
 */
export function progressAfterAttempt(
  kind: QuizKind,
  grade: Pick<QuizGrade, "correct" | "total" | "score">,
  sectionsViewed: number,
  sectionCount: number,
): number | null {
  if (kind === "static") return null;
  if (attemptCompletes(kind, grade.score)) return 100;
  return Math.min(99, stepProgress(sectionsViewed, grade.correct, sectionCount, grade.total));
}

/**
 * Progress a client sends (POST/PUT .../trainings) is recomputed: 100 only stands when the worker
 * has a graded attempt that completes the module; otherwise it is kept just below completion.
 */
export function acceptedProgress(requested: number, hasCompletingAttempt: boolean): number {
  return requested >= 100 && !hasCompletingAttempt ? 99 : requested;
}

/** GET /api/dashboard/training-completion: an optional worker to single out. */
export const trainingCompletionQuerySchema = z.object({ workerId: idParam.optional() });
