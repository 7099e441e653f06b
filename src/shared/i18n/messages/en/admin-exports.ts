// The console's exports page (/admin/exports) and its API's refusals.
export default {
  'adminExports.nav': 'Exports',
  'adminExports.title': 'Exports',
  'adminExports.intro': 'Download supporters and points as CSV files for a spreadsheet. Days are the club\'s; each download is in the audit trail.',
  'adminExports.members.title': 'Supporters',
  'adminExports.members.intro': 'Everyone who joined in the period: address, username, names, both balances, when they joined and whether they are blocked.',
  'adminExports.members.download': 'Download supporters (CSV)',
  'adminExports.ledger.title': 'Points ledger',
  'adminExports.ledger.intro': 'Every points movement in the period: when, who, what for, how many, and the balances after it.',
  'adminExports.ledger.download': 'Download the ledger (CSV)',
  'adminExports.from': 'From',
  'adminExports.to': 'To',
  'adminExports.open': 'Leave a date empty to start from the beginning or end today.',
  'api.exports.period': 'The start date must be on or before the end date.',
};
