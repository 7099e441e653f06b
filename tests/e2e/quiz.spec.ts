import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signInOnboarded } from './support/sign-in.ts';
import { seriousViolations } from './support/axe.ts';

// A quiz end to end: answers that say nothing of right or wrong until the last one (neither the API's
// answer, nor the balance, nor the page), answers that change meanwhile, the lock, score and payment once
// the last question is answered, the results screen and its way on; with JavaScript, without it, and in
// Spanish. The demo "Terrace FC history quiz": founded (1902), ground (Ironside Road), nickname (The
// Ironsiders), 10 points each.

const QUIZ = 'Terrace FC history quiz';

const notices = (page: Page) => page.getByRole('region', { name: /\(F8\)$/ }).getByRole('listitem');

/** The supporter's balance as the API holds it (the same session cookie as the page). */
async function balance(page: Page): Promise<number> {
  const res = await page.request.get('/api/user/me/points');
  expect(res.status()).toBe(200);
  return (await res.json()).data.points;
}

/** The quiz's own address, read from the quizzes list. */
async function quizHref(page: Page): Promise<string> {
  await page.goto('/challenges/quizzes');
  const href = await page.getByRole('link', { name: new RegExp(QUIZ) }).getAttribute('href');
  expect(href).toMatch(/^\/challenges\/quizzes\/[\w-]+$/);
  return href!;
}

/** Opens the quiz and, with JavaScript, waits for its island to hydrate. */
async function openQuiz(page: Page, href: string, hydrated: boolean): Promise<Locator> {
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1, name: QUIZ })).toBeVisible();
  if (hydrated) {
    const island = page.getByRole('main').locator('astro-island');
    await island.scrollIntoViewIfNeeded();
    await expect(island).not.toHaveAttribute('ssr');
  }
  return page.getByRole('main');
}

/** The answered question's card in "Your answers". */
const answered = (quiz: Locator, question: string) => quiz.getByRole('listitem').filter({ hasText: question });

async function changeAnswer(quiz: Locator, question: string, to: string): Promise<void> {
  const card = answered(quiz, question);
  await card.getByText('Change answer').click();
  await card.getByRole('button', { name: new RegExp(`^${to}`) }).click();
}

const SAVED = 'Answer saved. You will see which answers are right when you answer the last question.';
const HINTS = /Correct|Incorrect|Not this time|Score/;

test('with JavaScript: no answer tells right from wrong until the last, which completes, scores and pays the quiz', async ({ page }) => {
  test.setTimeout(90_000);
  await signInOnboarded(page, 'quiz-js');
  const quiz = await openQuiz(page, await quizHref(page), true);
  expect(await balance(page)).toBe(0);
  await expect(quiz.getByText('Question 1 of 3')).toBeVisible();
  await expect(quiz.getByText('Up to 30 points')).toBeVisible();

  // A right answer: the API's answer, the balance and the page say only that it was saved.
  // The island sends the form to the answer action; what the API now holds is the supporter's answer.
  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/_actions/challenges.answer/');
  await quiz.getByRole('button', { name: '1902' }).click();
  expect((await sent).status()).toBe(200);
  const held = (await (await page.request.get(`/api/challenge/${page.url().split('/').pop()}`)).json()).data;
  expect(held.userResponse).toEqual({ status: 'in_progress', completedAt: null, score: 0, answers: [{ questionId: 'founded', answer: 1, correct: null }] });
  const result = quiz.locator('#quiz-result');
  await expect(result).toContainText(SAVED);
  await expect(result).toBeFocused();
  const rightLooks = await result.evaluate((el) => el.className);
  await expect(quiz).not.toContainText(HINTS);
  await expect(notices(page)).toHaveCount(0);
  expect(await balance(page)).toBe(0);

  // A wrong answer looks the same.
  await quiz.getByRole('button', { name: 'Harbour Road' }).click();
  // The next question is already on screen: the result says which answer it was for.
  await expect(result).toContainText('What is the name of our home ground? Your answer: Harbour Road');
  await expect(result).toContainText(SAVED);
  expect(await result.evaluate((el) => el.className)).toBe(rightLooks);
  await expect(quiz).not.toContainText(HINTS);
  await expect(quiz.getByText('Question 3 of 3')).toBeVisible();

  // Right to wrong and wrong to right: still nothing told, nothing moved.
  await changeAnswer(quiz, 'In which year was Terrace FC founded?', '1888');
  await expect(answered(quiz, 'In which year was Terrace FC founded?')).toContainText('Your answer: 1888');
  await changeAnswer(quiz, 'What is the name of our home ground?', 'Ironside Road');
  await expect(answered(quiz, 'What is the name of our home ground?')).toContainText('Your answer: Ironside Road');
  await expect(quiz).not.toContainText(HINTS);
  expect(await balance(page)).toBe(0);

  // The last question: the results, which answers were right, the points paid, the answers locked.
  await quiz.getByRole('button', { name: 'The Ironsiders' }).click();
  const heading = quiz.getByRole('heading', { name: 'Quiz complete' });
  await expect(heading).toBeFocused();
  await expect(quiz.getByText('20 of 30 points', { exact: true })).toBeVisible();
  await expect(quiz.getByText('2 of 3 answers correct')).toBeVisible();
  await expect(answered(quiz, 'In which year was Terrace FC founded?')).toContainText('Incorrect');
  await expect(answered(quiz, 'What is the name of our home ground?')).toContainText('Correct');
  await expect(notices(page).filter({ hasText: '+20 points' })).toBeVisible();
  await expect(quiz.getByText('Your answers are final.')).toBeVisible();
  await expect(quiz.getByText('Change answer')).toHaveCount(0);
  expect(await balance(page)).toBe(20);

  await page.reload();
  await expect(quiz.getByText('20 of 30 points', { exact: true })).toBeVisible();
  await expect(quiz.getByRole('button')).toHaveCount(0);
  // The newest open challenge this supporter has not touched.
  const next = quiz.getByRole('link', { name: /^Next challenge/ });
  await expect(next).toContainText('Player of the Month: October');
  await next.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Player of the Month: October' })).toBeVisible();
});

/** A signed-in page whose browser runs no JavaScript, for the same supporter. */
async function withoutJavaScript(browser: Browser, signedIn: Page): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await signedIn.context().storageState() });
  return context.newPage();
}

test('without JavaScript: every answer and change is a form post that tells nothing until the last, which pays', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInOnboarded(page, 'quiz-nojs');
  const href = await quizHref(page);
  const plain = await withoutJavaScript(browser, page);
  try {
    let quiz = await openQuiz(plain, href, false);
    await quiz.getByRole('button', { name: '1888' }).click();
    await expect(plain).toHaveURL(/\?answered=founded#quiz-result$/);
    quiz = plain.getByRole('main');
    await expect(quiz.locator('#quiz-result')).toContainText(SAVED);
    await expect(quiz).not.toContainText(HINTS);
    expect(await balance(plain)).toBe(0);

    // "Change answer" opens without script (a details element) and posts the change.
    await changeAnswer(quiz, 'In which year was Terrace FC founded?', '1902');
    await expect(quiz.locator('#quiz-result')).toContainText(SAVED);
    await expect(answered(quiz, 'In which year was Terrace FC founded?')).toContainText('Your answer: 1902');
    await expect(quiz).not.toContainText(HINTS);
    expect(await balance(plain)).toBe(0);

    await quiz.getByRole('button', { name: 'Ironside Road' }).click();
    await expect(quiz.locator('#quiz-result')).toContainText('Your answer: Ironside Road');
    await expect(quiz).not.toContainText(HINTS);
    await quiz.getByRole('button', { name: 'The Greens' }).click();
    await expect(plain).toHaveURL(new RegExp(`${href}#quiz-results$`));
    await expect(quiz.getByRole('heading', { name: 'Quiz complete' })).toBeVisible();
    await expect(quiz.getByText('20 of 30 points', { exact: true })).toBeVisible();
    await expect(quiz.getByText('2 of 3 answers correct')).toBeVisible();
    await expect(answered(quiz, "What is the club's nickname?")).toContainText('Incorrect');
    await expect(quiz.getByRole('link', { name: /^Next challenge/ })).toBeVisible();
    await expect(quiz.getByRole('button')).toHaveCount(0);
    expect(await balance(plain)).toBe(20);
  } finally {
    await plain.context().close();
  }
});

test('a refused answer without JavaScript says why beside the form, with a 4xx', async ({ page, browser }) => {
  await signInOnboarded(page, 'quiz-refused');
  const href = await quizHref(page);
  const plain = await withoutJavaScript(browser, page);
  try {
    const quiz = await openQuiz(plain, href, false);
    // The quiz is completed elsewhere (another tab) while this page still shows the first question.
    for (const [questionId, responseIndex] of [['founded', 1], ['ground', 1], ['nickname', 0]] as const) {
      const res = await page.evaluate(async ([url, body]) => (await fetch(url, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
      })).status, [`/api/challenge/${href.split('/').pop()}`, { trivia: { questionId, responseIndex } }] as const);
      expect(res).toBe(200);
    }
    const answer = plain.waitForResponse((r) => r.request().method() === 'POST');
    await quiz.getByRole('button', { name: '1888' }).click();
    expect((await answer).status()).toBe(422);
    await expect(plain.getByRole('main').getByRole('alert')).toHaveText('You have already completed this quiz.');
    expect(await balance(plain)).toBe(30);
  } finally {
    await plain.context().close();
  }
});

test('in Spanish: the quiz, its results and the way on speak Spanish; the questions stay as the club wrote them', async ({ page }) => {
  test.setTimeout(90_000);
  await signInOnboarded(page, 'quiz-es');
  const href = await quizHref(page);
  await page.context().addCookies([{ name: 'terrace_lang', value: 'es', url: page.url() }]);
  const quiz = await openQuiz(page, href, true);
  await expect(quiz.getByText('Pregunta 1 de 3')).toBeVisible();
  await expect(quiz.getByText('Hasta 30 puntos')).toBeVisible();
  await quiz.getByRole('button', { name: '1902' }).click();
  await expect(quiz.locator('#quiz-result')).toContainText('Respuesta guardada. Verás qué respuestas son correctas cuando respondas la última pregunta.');
  await expect(quiz.getByRole('heading', { name: 'Tus respuestas' })).toBeVisible();
  await expect(answered(quiz, 'In which year was Terrace FC founded?')).toContainText('Tu respuesta: 1902');
  await expect(quiz.getByText('Cambiar respuesta')).toBeVisible();
  await quiz.getByRole('button', { name: 'Millbank Park' }).click();
  await expect(quiz.locator('#quiz-result')).toContainText('Tu respuesta: Millbank Park');
  await expect(quiz).not.toContainText(/Correct|Incorrect|Esta vez no|Puntuación/);
  await quiz.getByRole('button', { name: 'The Ironsiders' }).click();
  await expect(quiz.getByRole('heading', { name: '¡Cuestionario completado!' })).toBeFocused();
  await expect(quiz.getByText('20 de 30 puntos', { exact: true })).toBeVisible();
  await expect(quiz.getByText('2 de 3 respuestas correctas')).toBeVisible();
  await expect(quiz.getByRole('link', { name: /^Siguiente reto/ })).toBeVisible();
  await expect(quiz.getByRole('link', { name: 'Ver todos los retos' })).toBeVisible();
  expect(await balance(page)).toBe(20);
});

test('axe finds no serious or critical violation mid-quiz (a change form open) or on the results, in English and Spanish', async ({ page }) => {
  test.setTimeout(90_000);
  await signInOnboarded(page, 'quiz-axe');
  const href = await quizHref(page);
  let quiz = await openQuiz(page, href, true);
  await quiz.getByRole('button', { name: '1888' }).click();
  await quiz.getByRole('button', { name: 'Ironside Road' }).click();
  await answered(quiz, 'In which year was Terrace FC founded?').getByText('Change answer').click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().addCookies([{ name: 'terrace_lang', value: 'es', url: page.url() }]);
  quiz = await openQuiz(page, href, true);
  expect(await seriousViolations(page)).toEqual([]);
  await quiz.getByRole('button', { name: 'The Terriers' }).click();
  await expect(quiz.getByRole('heading', { name: '¡Cuestionario completado!' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().clearCookies({ name: 'terrace_lang' });
  await page.reload();
  await expect(quiz.getByRole('heading', { name: 'Quiz complete' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
