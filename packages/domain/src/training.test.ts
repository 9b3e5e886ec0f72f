import { describe, expect, it } from "vitest";
import {
  acceptedProgress,
  countCorrectAnswers,
  createTrainingModuleSchema,
  gradeQuiz,
  isQuizAnswered,
  isQuizPassed,
  moduleContentSchema,
  overallTrainingPercentage,
  progressAfterAttempt,
  publicModuleContent,
  quizAnswersProblem,
  quizKindOf,
  quizScore,
  recordTrainingProgressSchema,
  removeQuizOption,
  shouldSaveProgress,
  stepProgress,
  trainingActionLabel,
  trainingModuleListSchema,
  trainingStatusForProgress,
} from "./training.js";

const section = { title: "Inspect", content: "Check the harness before use." };
const question = { question: "When?", options: ["Before use", "After use"], answer: 0 };
const valid = {
  title: "Harness basics",
  description: "",
  type: "fall_protection",
  duration: 15,
  content: { sections: [section], quiz: [question] },
};

const firstMessage = (input: unknown) => {
  const result = createTrainingModuleSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("training module schema", () => {
  it("accepts a complete module", () => {
    expect(createTrainingModuleSchema.parse(valid)).toMatchObject({ title: "Harness basics", type: "fall_protection", duration: 15 });
  });

  it("defaults type to site_safety and a blank duration to 30", () => {
    const parsed = createTrainingModuleSchema.parse({ ...valid, type: undefined, duration: "" });
    expect(parsed.type).toBe("site_safety");
    expect(parsed.duration).toBe(30);
    expect(createTrainingModuleSchema.parse({ ...valid, duration: null }).duration).toBe(30);
    expect(createTrainingModuleSchema.parse({ ...valid, duration: undefined }).duration).toBe(30);
    expect(createTrainingModuleSchema.parse({ ...valid, duration: "45" }).duration).toBe(45);
  });

  it.each([
    [{ ...valid, duration: 4 }, "Duration must be at least 5 minutes"],
    [{ ...valid, duration: "abc" }, "Duration must be a number"],
    [{ ...valid, type: "welding" }, "Please select a valid module type"],
    [{ ...valid, title: " " }, "Title is required"],
    [{ ...valid, content: { sections: [], quiz: [question] } }, "At least one section is required"],
    [{ ...valid, content: { quiz: [question] } }, "At least one section is required"],
    [{ ...valid, content: { sections: [{ ...section, title: "" }], quiz: [question] } }, "Section title is required"],
    [{ ...valid, content: { sections: [{ ...section, content: "  " }], quiz: [question] } }, "Section content is required"],
    [{ ...valid, content: { sections: [{ title: "x" }], quiz: [question] } }, "Section content is required"],
    [{ ...valid, content: { sections: [section], quiz: [] } }, "At least one quiz question is required"],
    [{ ...valid, content: { sections: [section], quiz: [{ ...question, question: "" }] } }, "Question is required"],
    [{ ...valid, content: { sections: [section], quiz: [{ ...question, options: ["a", " "] }] } }, "Option cannot be empty"],
    [{ ...valid, content: { sections: [section], quiz: [{ ...question, options: ["a"] }] } }, "At least two options are required"],
    [{ ...valid, content: { sections: [section], quiz: [{ ...question, answer: undefined }] } }, "Answer index is required"],
    [{ ...valid, content: { sections: [section], quiz: [{ ...question, answer: null }] } }, "Answer index is required"],
    [{ ...valid, content: { sections: [section], quiz: [{ ...question, answer: 2 }] } }, "Answer index must point to one of the options"],
  ])("reports the product's message (%#)", (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it("keeps guidelines and section points in content", () => {
    const content = moduleContentSchema.parse({
      sections: [{ ...section, points: ["one"] }],
      quiz: [question],
      guidelines: [
        {
          category: "Storage",
          title: "T",
          oshaStandard: "29 CFR 1910.1200",
          description: "D",
          keyPoints: ["k"],
          resourceLink: "https://www.osha.gov/hazcom",
        },
      ],
    });
    expect(content.sections[0]?.points).toEqual(["one"]);
    expect(content.guidelines?.[0]?.oshaStandard).toBe("29 CFR 1910.1200");
  });

  it("accepts the hyphenated type filter", () => {
    expect(trainingModuleListSchema.parse({ type: "hazardous-materials" })).toEqual({ type: "hazardous_materials" });
    expect(trainingModuleListSchema.parse({ type: "hazardous_materials" })).toEqual({ type: "hazardous_materials" });
    expect(trainingModuleListSchema.safeParse({ type: "nope" }).success).toBe(false);
  });
});

describe("module builder: removing options", () => {
  const q = { options: ["a", "b", "c", "d"], answer: 2 };
  it("shifts the answer down when an earlier option goes", () => {
    expect(removeQuizOption(q, 0)).toEqual({ options: ["b", "c", "d"], answer: 1 });
    expect(removeQuizOption(q, 1)).toEqual({ options: ["a", "c", "d"], answer: 1 });
  });
  it("keeps the answer when a later option goes", () => {
    expect(removeQuizOption(q, 3)).toEqual({ options: ["a", "b", "c"], answer: 2 });
  });
  it("resets the answer to the first option when the answer itself goes", () => {
    expect(removeQuizOption(q, 2)).toEqual({ options: ["a", "b", "d"], answer: 0 });
  });
  it("never goes below two options", () => {
    expect(removeQuizOption({ options: ["a", "b"], answer: 1 }, 0)).toEqual({ options: ["a", "b"], answer: 1 });
  });
});

describe("quiz score and pass mark", () => {
  it("rounds correct over total to a percent", () => {
    expect(quizScore(2, 3)).toBe(67);
    expect(quizScore(1, 3)).toBe(33);
    expect(quizScore(3, 4)).toBe(75);
    expect(quizScore(7, 10)).toBe(70);
    expect(quizScore(0, 0)).toBe(0);
  });
  it("passes at 70 and above", () => {
    expect(isQuizPassed(70)).toBe(true);
    expect(isQuizPassed(69)).toBe(false);
    expect(isQuizPassed(quizScore(2, 3))).toBe(false);
  });
  it("counts correct answers and whether every question is answered", () => {
    const quiz = [{ answer: 0 }, { answer: 2 }, { answer: 1 }];
    expect(countCorrectAnswers(quiz, [0, 2, 0])).toBe(2);
    expect(isQuizAnswered(3, [0, 2, null])).toBe(false);
    expect(isQuizAnswered(3, [0, 2, 1])).toBe(true);
  });
});

describe("overall training percentage", () => {
  it("is 100 when there are no modules", () => {
    expect(overallTrainingPercentage([], 0)).toBe(100);
  });
  it("counts completed as 100 and in-progress by their progress", () => {
    // (2 x 100 + 50 + 30) / (8 x 100) = 280 / 800 = 35%
    expect(
      overallTrainingPercentage(
        [
          { status: "completed", progress: 100 },
          { status: "completed", progress: 100 },
          { status: "in_progress", progress: 50 },
          { status: "in_progress", progress: 30 },
          { status: "not_started", progress: 0 },
        ],
        8,
      ),
    ).toBe(35);
    // (1 x 100 + 1) / 3 = 33.67 -> 34
    expect(
      overallTrainingPercentage(
        [
          { status: "completed", progress: 100 },
          { status: "in_progress", progress: 1 },
        ],
        3,
      ),
    ).toBe(34);
    expect(overallTrainingPercentage([{ status: "completed", progress: 100 }], 1)).toBe(100);
    expect(overallTrainingPercentage([], 4)).toBe(0);
  });
});

describe("step progress and the save threshold", () => {
  it("is (sections viewed + correct answers) / (sections + questions)", () => {
    expect(stepProgress(4, 3, 4, 3)).toBe(100);
    expect(stepProgress(2, 0, 4, 3)).toBe(29);
    expect(stepProgress(4, 1, 4, 3)).toBe(71);
    expect(stepProgress(0, 0, 0, 0)).toBe(0);
  });
  it("saves on a rise of 10 or more, or on reaching 100", () => {
    expect(shouldSaveProgress(11, 1)).toBe(true);
    expect(shouldSaveProgress(10, 1)).toBe(false);
    expect(shouldSaveProgress(10, undefined)).toBe(true);
    expect(shouldSaveProgress(100, 95)).toBe(true);
    expect(shouldSaveProgress(100, 100)).toBe(false);
    expect(shouldSaveProgress(40, 60)).toBe(false);
  });
});

describe("training status", () => {
  it("derives status from progress and labels the card button", () => {
    expect(trainingStatusForProgress(99)).toBe("in_progress");
    expect(trainingStatusForProgress(100)).toBe("completed");
    expect(trainingActionLabel(undefined)).toBe("Start Training");
    expect(trainingActionLabel("in_progress")).toBe("Continue Training");
    expect(trainingActionLabel("completed")).toBe("Review Training");
  });
  it("validates progress as a whole number 0..100 and coerces REST strings", () => {
    expect(recordTrainingProgressSchema.parse({ workerId: "3", moduleId: "4", progress: "50" })).toEqual({
      workerId: 3,
      moduleId: 4,
      progress: 50,
    });
    expect(recordTrainingProgressSchema.safeParse({ workerId: 3, moduleId: 4, progress: 101 }).error?.issues[0]?.message).toBe(
      "Progress must be between 0 and 100",
    );
    expect(recordTrainingProgressSchema.safeParse({ workerId: 3, moduleId: 4, progress: 5.5 }).success).toBe(false);
  });
});

describe("server grading", () => {
  const quiz = [
    { question: "a", options: ["x", "y"], answer: 1 },
    { question: "b", options: ["x", "y", "z"], answer: 2 },
    { question: "c", options: ["x", "y"], answer: 0 },
  ];

  it("serves the quiz without answers", () => {
    const pub = publicModuleContent({ sections: [{ title: "s", content: "c" }], quiz });
    expect(pub.quiz).toEqual(quiz.map(({ question, options }) => ({ question, options })));
  });

  it("grades: 2 of 3 is 67%, under the pass mark", () => {
    const g = gradeQuiz(quiz, [1, 2, 1]);
    expect(g).toMatchObject({ correct: 2, total: 3, score: 67, passed: false });
    expect(g.results[2]).toEqual({ chosen: 1, correctAnswer: 0, isCorrect: false });
  });

  it("refuses unanswered and impossible answers", () => {
    expect(quizAnswersProblem(quiz, [1, 2])).toBe("Answer every question before submitting");
    expect(quizAnswersProblem(quiz, [1, null, 0])).toBe("Answer every question before submitting");
    expect(quizAnswersProblem(quiz, [1, 3, 0])).toBe("Each answer must be one of the question's options");
    expect(quizAnswersProblem(quiz, [1, 2, 0])).toBeNull();
  });

  it("static pages complete at the pass mark through Mark as Complete; modules on a perfect score", () => {
    expect(quizKindOf("fall-protection")).toBe("static");
    expect(quizKindOf("hard-hat-safety")).toBe("module");
    expect(quizKindOf(null)).toBe("module");
    expect(progressAfterAttempt("static", { correct: 3, total: 3, score: 100 }, 2, 2)).toBeNull();
    expect(progressAfterAttempt("module", { correct: 3, total: 3, score: 100 }, 0, 2)).toBe(100);
    // (2 sections + 2 correct) / (2 + 3) = 80%
    expect(progressAfterAttempt("module", { correct: 2, total: 3, score: 67 }, 2, 2)).toBe(80);
    expect(progressAfterAttempt("module", { correct: 2, total: 3, score: 67 }, 9, 200)).toBeLessThan(100);
  });

  it("keeps a client's 100 at 99 without a completing attempt", () => {
    expect(acceptedProgress(100, false)).toBe(99);
    expect(acceptedProgress(100, true)).toBe(100);
    expect(acceptedProgress(40, false)).toBe(40);
  });
});
