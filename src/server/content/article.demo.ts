import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { insertArticles } from './article.repository.ts';
import { countWords, sanitizeArticleHtml } from './article.sanitize.ts';
import type { ArticleTable } from './article.table.ts';

const HOUR = 3_600_000;

interface Demo { slug: string; title: string; summary: string; author: string; value: number; hoursAgo: number; body: string }

/** Terrace FC's demo news (club content: stays in English). Covers: public/articles/{slug}.svg. */
const DEMO_ARTICLES: ReadonlyArray<Demo> = [
  {
    slug: 'calder-signs-new-deal',
    title: 'Rhys Calder signs a new three-year deal',
    summary: 'The captain commits his future to Terrace FC until the summer of 2029.',
    author: 'Club Media Team',
    value: 15,
    hoursAgo: 5,
    body: `<p>Rhys Calder has signed a new three-year contract, keeping the captain at Ironside Road until the summer of 2029.</p>
<p>The midfielder came through the academy and has made 214 appearances since his debut against Harbour Town. "This club is my home," he said. "The terrace has carried me through every season, and I want to pay that back with silverware."</p>
<h2>What the manager said</h2>
<blockquote><p>Rhys sets the standard every day in training. Keeping him was the first thing on our list this winter.</p></blockquote>
<p>Calder will hold a signing session in the club shop on Saturday from 1 pm, two hours before kick-off against Millbank Rovers.</p>`,
  },
  {
    slug: 'boxing-day-tickets-on-sale',
    title: 'Boxing Day tickets on sale to members',
    summary: 'Members can buy tickets for the visit of Millbank Rovers from Monday at 10 am.',
    author: 'Ticket Office',
    value: 10,
    hoursAgo: 30,
    body: `<p>Tickets for the Boxing Day derby against Millbank Rovers go on sale to members on Monday at 10 am, and to everyone else from Thursday.</p>
<ul><li>Adults: £24</li><li>Over 65s and under 21s: £14</li><li>Under 12s: £5 with a paying adult</li></ul>
<p>The North Stand sold out in under two hours last year, so members are asked to buy early. Buy online or at the ticket office on Ironside Road.</p>`,
  },
  {
    slug: 'under-18s-reach-youth-cup-quarter-finals',
    title: 'Under-18s reach the Youth Cup quarter-finals',
    summary: 'A late Kwame Mensah header sends the under-18s through at Eastgate.',
    author: 'Academy Reporter',
    value: 15,
    hoursAgo: 54,
    body: `<p>The under-18s are into the Youth Cup quarter-finals for the first time in nine years after a 2-1 win at Eastgate on Wednesday night.</p>
<p>Eastgate led at the break, but substitute Liam Doyle levelled with a low finish just after the hour. With extra time looming, Kwame Mensah rose highest to head in a corner in the 88th minute.</p>
<h3>Next up</h3>
<p>The draw for the quarter-finals takes place on Monday. Academy games are free for season ticket holders, and the coaches thank everyone who made the trip.</p>`,
  },
  {
    slug: 'north-stand-safe-standing',
    title: 'Safe standing arrives in the North Stand',
    summary: 'Rail seating will be installed for 1,200 supporters over the winter break.',
    author: 'Club Media Team',
    value: 20,
    hoursAgo: 80,
    body: `<p>Terrace FC will install rail seating in the lower North Stand during the winter break, giving 1,200 supporters the chance to stand safely together from February.</p>
<p>The plan follows last season's supporter survey, in which more than 4,000 of you asked for it. The club has worked with the supporters' trust and the safety advisory group on every stage of the design.</p>
<h2>What changes for season ticket holders</h2>
<ol><li>Current North Stand seats keep their row and number.</li><li>Anyone who prefers to sit can move to the upper tier at no cost.</li><li>Family sections stay exactly where they are.</li></ol>
<p>Read the full plans and the questions and answers on the <a href="/about">about page</a>, or ask the supporters' trust at the next home game.</p>`,
  },
];

export async function seedDemoArticles(db: Db, organizationId: string, now = new Date()): Promise<void> {
  await insertArticles(db, DEMO_ARTICLES.map((d): ArticleTable => {
    const body = sanitizeArticleHtml(d.body);
    return {
      id: randomUUID(), organization_id: organizationId, slug: d.slug, title: d.title, summary: d.summary, author: d.author,
      body_html: body, word_count: countWords(body), media_id: `/articles/${d.slug}.svg`, value: d.value,
      published_at: new Date(now.getTime() - d.hoursAgo * HOUR).toISOString(),
    };
  }));
}
