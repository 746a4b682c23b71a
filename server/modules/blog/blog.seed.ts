import type { Db } from '../../db/database';
import { BlogRepository, type BlogPostInsert } from './blog.repository';

const AUTHOR = 'Aitlas Editorial Team';

const choosingTools = `Most teams do not fail with AI because they picked a bad model. They fail because they picked a tool before they knew which problem it was supposed to solve. This guide is the checklist we use ourselves when a new AI tool lands in the marketplace.

## Start with the job, not the tool

Write down, in one sentence, the task you want to hand over and how you will know it went well. "Summarise every customer call into three bullet points the account manager can paste into the CRM" is a job. "Use AI for sales" is not.

A good job description names:

- **the input** (call recordings, a spreadsheet, a folder of PDFs);
- **the output** and where it has to end up;
- **the quality bar**: what a human would have to fix before the result is usable;
- **the volume**: ten times a month and ten thousand times a month lead to different tools.

## Run a fair trial

Pick two or three candidates and feed them the *same* five to ten real examples, including one awkward case you know is hard. Score every answer on the same short rubric:

1. Is it correct?
2. Would we publish or send it with light edits?
3. How long did the whole round trip take, including fixing the output?

Keep the scores in a shared table. After a week the winner is usually obvious, and you have evidence for the decision instead of a feeling.

## Look past the demo

Before you commit, check the things a polished demo never shows:

- **Data handling.** Where are your inputs stored, for how long, and are they used for training? Read the data processing terms, not only the marketing page.
- **Export.** Can you get your prompts, documents and history out again in a plain format?
- **Pricing at your volume.** Per-seat and per-token prices diverge quickly once a whole team uses a tool every day.
- **Admin controls.** Single sign-on, roles and audit logs matter as soon as more than a handful of people join.

The [NIST AI Risk Management Framework](https://www.nist.gov/itl/ai-risk-management-framework) is a useful, vendor-neutral list of questions if your organisation needs something more formal.

## Decide, then revisit

Choose the tool that won your trial, write down why, and put a date in the calendar three months out to check the scores again. AI tools change quickly; a decision with a review date is cheaper than one you never question.

Ready to compare candidates? [Describe your task in the marketplace search](/) and start with the top three matches.`;

const promptingGuide = `You do not need a course to get better answers from an AI assistant. Five habits cover most of the gap between a vague reply and a useful one, whichever chat tool you use.

## 1. Give it a role and an audience

"Explain our refund policy" produces something generic. "You are a support agent. Explain our refund policy to a customer who is upset that their order arrived late, in under 120 words" produces something you can send.

## 2. Paste the material, do not describe it

Models are much better at working *with* text than at guessing what your text says. Paste the email thread, the table or the paragraph you want improved, and mark it clearly:

\`\`\`
Rewrite the announcement below for our newsletter. Keep the dates and prices exactly as they are.

"""
(paste the announcement here)
"""
\`\`\`

## 3. Ask for a format

Say what shape you want back: a table with named columns, five bullet points, a JSON object, a subject line plus body. A format is easier to check and easier to reuse.

## 4. Iterate in the same conversation

Treat the first answer as a draft. Short follow-ups work well:

- "Shorter, and drop the jargon."
- "Make point three concrete with an example from retail."
- "What did you assume that I did not tell you?"

The last one is underrated: it surfaces the guesses the model made so you can correct them.

## 5. Verify anything that matters

Language models write fluent text whether or not it is true. Check names, numbers, quotes and links against a source before you publish. For research questions, prefer tools that show their sources, and open them.

## A reusable template

> - **Role:** who the assistant should be.
> - **Task:** one sentence.
> - **Context:** the pasted material.
> - **Constraints:** length, tone, what must not change.
> - **Format:** how the answer should look.

Save the template as a snippet and you will rarely start from a blank box again. If you write every day, browse the [Writing tools in the marketplace](/?category=writing): several of them build these habits right into the editor.`;

const developerWorkflow = `AI coding assistants are now good enough to change how a team works, and risky enough that it pays to be deliberate about it. This is the workflow we recommend after using several of them on real projects.

## Where assistants help most

- **Boilerplate and glue code**: mapping one data shape to another, writing the fifth similar API handler, adding types to untyped code.
- **Tests**: proposing test cases from a function's signature and docs, including edge cases people forget (empty input, unicode, time zones).
- **Reading unfamiliar code**: "explain what this module does and where it is called from" saves real time in a new codebase.
- **Refactoring with a clear rule**: "rename X to Y everywhere and update the docs" is mechanical work an assistant does well.

## Where to slow down

Assistants are weakest exactly where mistakes are most expensive:

1. **Security-sensitive code**: authentication, input validation, anything that builds HTML, SQL or shell commands. Review it line by line, and keep the [OWASP Top 10 for LLM applications](https://owasp.org/www-project-top-10-for-large-language-model-applications/) in mind if the feature itself uses a model.
2. **New dependencies**: an assistant may suggest a package that is abandoned, or one whose name does not exist. Check the registry before you install anything.
3. **Performance**: generated code is usually correct for ten rows and slow for ten million. Measure.

## Keep humans in the review loop

Treat generated code like a pull request from a fast, confident new colleague. It gets the same review, the same tests and the same CI checks as anything else. Two rules make this work in practice:

- the person who accepts a suggestion owns it, exactly as if they had typed it;
- every change ships with a test that would fail if the change were wrong.

## Protect your code and your secrets

Check whether your assistant sends code to a cloud service, and whether that code may be retained. Never paste API keys, customer data or credentials into a prompt. Many teams run a self-hosted model for private repositories and a cloud tool for open-source work.

## Measure the effect

After a month, compare cycle time, review comments and bug reports with the month before. If the numbers did not move, the tool is a toy; if they moved the wrong way, it is a liability. Browse the [Development category](/?category=development) to compare assistants side by side.`;

const ragExplained = `If you have tried asking a chatbot about your own company's documents, you have probably met its biggest limitation: it only knows what it was trained on. *Retrieval-augmented generation* (RAG) is the most common way around that, and understanding it helps you choose between "chat with your docs" tools.

## The idea in three steps

1. **Index**: your documents are split into passages and stored in a search index, often as embeddings (numeric fingerprints of meaning).
2. **Retrieve**: when you ask a question, the system finds the passages most relevant to it.
3. **Generate**: the model writes an answer using those passages as its source material, ideally citing them.

The model is no longer answering from memory; it is summarising what the search step found. The [Wikipedia article on retrieval-augmented generation](https://en.wikipedia.org/wiki/Retrieval-augmented_generation) has a good overview of the research behind it.

## What this means when you pick a tool

- **Answers are only as good as the retrieval.** A tool that cannot find the right passage will confidently answer from the wrong one. Test it with questions whose answers you know, including ones that are *not* in your documents: a good tool says so.
- **Citations are a feature, not decoration.** Prefer tools that link every claim to the passage it came from, so readers can check.
- **Freshness matters.** Ask how quickly a changed document is re-indexed, and whether deleted documents disappear from answers.
- **Permissions must carry over.** If a person cannot open a file, the assistant must not quote it to them.

## A quick evaluation recipe

| Question type | Example | What a good tool does |
|:--|:--|:--|
| Fact lookup | "What is our travel allowance per day?" | Quotes the policy and links it |
| Synthesis | "Compare the 2023 and 2024 pricing pages" | Cites both documents |
| Out of scope | "What is our competitor's roadmap?" | Says it does not know |

Ten questions of each type will tell you more than any product tour. You will find several research and knowledge tools in the [Research category](/?category=research).`;

const draftPost = `Notes for an upcoming article about measuring the return on AI tools.

## Outline

- Baseline before rollout
- Time saved versus quality kept
- Hidden costs: review time, licences, training

This draft is not public yet.`;

/** A sample post; it was last changed when it was published (or written, for the draft). */
function post(values: Omit<BlogPostInsert, 'author' | 'isPublished'> & { isPublished?: boolean }): BlogPostInsert {
  return { author: AUTHOR, isPublished: true, updatedAt: values.publishedAt ?? values.createdAt, ...values };
}

/** The sample posts of a fresh demo database: four published guides and one draft. */
export const seedPosts: BlogPostInsert[] = [
  post({
    slug: 'how-to-choose-the-right-ai-tool',
    title: 'How to Choose the Right AI Tool for Your Team',
    excerpt:
      'A practical checklist for picking an AI tool: define the job, run a fair trial on real examples, and check data handling, export and pricing before you commit.',
    content: choosingTools,
    category: 'Guides',
    tags: ['buying guide', 'evaluation', 'teams'],
    metaTitle: 'How to Choose the Right AI Tool: a Practical Checklist',
    metaDescription:
      'Define the job, trial candidates on real examples and check data handling, export and pricing: the checklist we use to choose AI tools.',
    readTime: 6,
    publishedAt: new Date('2025-01-20T09:00:00Z'),
    createdAt: new Date('2025-01-18T14:30:00Z'),
  }),
  post({
    slug: 'five-prompting-habits-for-better-answers',
    title: 'Five Prompting Habits That Get Better Answers',
    excerpt:
      'Give the assistant a role and an audience, paste the material, ask for a format, iterate, and verify: five habits that work in every AI chat tool.',
    content: promptingGuide,
    category: 'Productivity',
    tags: ['prompting', 'writing', 'chat assistants'],
    readTime: 5,
    publishedAt: new Date('2025-01-13T09:00:00Z'),
    createdAt: new Date('2025-01-10T10:00:00Z'),
  }),
  post({
    slug: 'ai-coding-assistants-a-safe-workflow',
    title: 'AI Coding Assistants: a Workflow That Stays Safe',
    excerpt:
      'Where coding assistants save real time, where they need a careful review, and how to keep secrets and quality under control when a whole team uses them.',
    content: developerWorkflow,
    category: 'Development',
    tags: ['coding', 'security', 'code review'],
    readTime: 7,
    publishedAt: new Date('2025-01-06T09:00:00Z'),
    createdAt: new Date('2025-01-03T16:00:00Z'),
  }),
  post({
    slug: 'retrieval-augmented-generation-explained',
    title: 'Chat With Your Documents: Retrieval-Augmented Generation Explained',
    excerpt:
      'How "chat with your docs" tools work under the hood, and the questions to ask about retrieval, citations, freshness and permissions before you pick one.',
    content: ragExplained,
    category: 'Guides',
    tags: ['RAG', 'knowledge base', 'evaluation'],
    readTime: 6,
    publishedAt: new Date('2024-12-16T09:00:00Z'),
    createdAt: new Date('2024-12-12T11:00:00Z'),
  }),
  post({
    slug: 'measuring-the-roi-of-ai-tools',
    title: 'Measuring the ROI of AI Tools',
    excerpt: 'How to tell whether an AI tool pays for itself.',
    content: draftPost,
    category: 'Guides',
    tags: ['ROI'],
    readTime: 4,
    isPublished: false,
    publishedAt: null,
    createdAt: new Date('2025-01-22T08:00:00Z'),
  }),
];

/** Seeds the sample posts (called by the demo seed on an empty database); existing slugs are kept. */
export async function seedBlogPosts(db: Db): Promise<void> {
  await new BlogRepository(db).insertMissing(seedPosts);
}
