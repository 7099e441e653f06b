import { expect, test } from '@playwright/test';
import { appUrl } from './support/database.ts';
import { latestMail, mailCount } from './support/mailbox.ts';
import { signInAsStaff } from './support/operator.ts';
import { freshEmail, onboard, signInThroughApi } from './support/sign-in.ts';

// Issue 25, support requests: a supporter recorded as a minor (a wrong year) asks the club from their profile
// to fix the birthday, and gets a reference; support finds it in the queue, fixes the birthday with a reason,
// answers by e-mail; the answer arrives, and the supporter's profile now treats them as an adult. Every form
// is a plain one: the same journey runs with JavaScript and without.

const minorBirthday = () => `${new Date().getUTCFullYear() - 15}-05-17`;

for (const javaScriptEnabled of [true, false]) {
  test(`a minor by a wrong date asks for a birthday fix and support makes it (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser }) => {
    const email = freshEmail('wrong-year');
    const fan = await browser.newContext({ javaScriptEnabled });
    await signInThroughApi(fan, email);
    await onboard(fan.request, minorBirthday());
    const supporter = await fan.newPage();

    // The profile offers no edit to a minor, but a way to ask the club.
    await supporter.goto('/profile');
    await expect(supporter.getByRole('link', { name: /Edit profile/ })).toHaveCount(0);
    await supporter.getByRole('link', { name: /Ask the club/ }).click();
    await expect(supporter.getByRole('heading', { name: 'Ask the club', level: 1 })).toBeVisible();
    // Points are not a minor's topic; the birthday is offered first.
    await expect(supporter.getByRole('radio', { name: 'Points missing' })).toHaveCount(0);
    await expect(supporter.getByRole('radio', { name: 'My birthday is wrong' })).toBeChecked();

    // An empty message is refused in words, on the page.
    await supporter.getByRole('button', { name: 'Send to the club' }).click();
    await expect(supporter.getByRole('alert')).toHaveText('Write a message.');

    const mailsBefore = await mailCount(supporter.request, email, appUrl());
    await supporter.getByLabel('Your message').fill('I was born in 1990, I typed the wrong year.');
    await supporter.getByRole('button', { name: 'Send to the club' }).click();
    const note = supporter.getByRole('status').filter({ hasText: 'Your reference is' });
    await expect(note).toBeVisible();
    const reference = /TR-[A-Z0-9]{5}/.exec(await note.innerText())![0];
    await expect(supporter.getByRole('listitem').filter({ hasText: reference })).toContainText('Waiting for the club');
    const confirmation = await latestMail(supporter.request, email, appUrl(), mailsBefore);
    expect(confirmation.subject).toBe(`Terrace FC has your request ${reference}`);

    // Support: the queue, the request, the birthday with a reason, the answer.
    const consoleContext = await browser.newContext({ javaScriptEnabled });
    const staff = await consoleContext.newPage();
    const support = await signInAsStaff(staff, 'support');
    await staff.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Requests' }).click();
    await expect(staff.getByRole('heading', { name: 'Support requests', level: 1 })).toBeVisible();
    // The reference as a supporter would read it out on the phone finds the request.
    await staff.getByLabel('Find a reference').fill(reference.toLowerCase());
    await staff.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(staff.getByRole('row')).toHaveCount(2);
    const row = staff.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText(email);
    await expect(row).toContainText('Birthday is wrong');
    await row.getByRole('link', { name: reference }).click();
    await expect(staff.getByRole('heading', { name: `Request ${reference}`, level: 1 })).toBeVisible();
    await expect(staff.getByTestId('member-birthday')).toContainText('under 18');

    await staff.getByLabel('Right birthday').fill('1990-05-17');
    await staff.getByLabel('Reason').fill(`${reference}: typed the wrong year`);
    await staff.getByRole('button', { name: 'Set the birthday' }).click();
    await expect(staff.getByTestId('member-birthday')).toContainText('adult');

    const beforeReply = await mailCount(staff.request, email, appUrl());
    await staff.getByLabel('Answer', { exact: true }).fill('Your birthday is now 17 May 1990. Enjoy the season!');
    await staff.getByRole('button', { name: 'Send the answer' }).click();
    await expect(staff.getByRole('heading', { name: `Request ${reference}`, level: 1 })).toBeVisible();
    await expect(staff.getByText('Your birthday is now 17 May 1990. Enjoy the season!')).toBeVisible();
    const answer = await latestMail(staff.request, email, appUrl(), beforeReply);
    expect(answer.subject).toBe(`${reference}: Terrace FC has answered you`);
    expect(answer.text).toContain('Your birthday is now 17 May 1990.');

    await staff.getByRole('button', { name: 'Close the request' }).click();
    await staff.goto('/admin/requests?status=closed');
    await expect(staff.getByRole('row').filter({ hasText: reference })).toBeVisible();
    await staff.goto('/admin/audit?kind=member');
    await expect(staff.getByRole('row').filter({ hasText: support }).filter({ hasText: 'member.birthday' }).first()).toBeVisible();

    // The supporter: an adult now (the profile may be edited), and the answer on their requests page.
    await supporter.goto('/profile');
    await expect(supporter.getByRole('link', { name: /Edit profile/ })).toBeVisible();
    await supporter.goto('/profile/requests');
    const mine = supporter.getByRole('listitem').filter({ hasText: reference });
    await expect(mine).toContainText('Closed');
    await expect(mine).toContainText('Enjoy the season!');
    await fan.close();
    await consoleContext.close();
  });
}
