// The console's membership tiers (/admin/membership): the words supporters read when they choose one.
export default {
  'adminMembership.nav': 'Membership tiers',
  'adminMembership.title': 'Membership tiers',
  'adminMembership.intro': 'The tiers supporters choose from when they join, and on their membership page. Each keeps its short name and whether it is paid; write its name, what it is, its perks and its price as supporters read it. A Spanish box left blank shows the English. No payment is taken: choosing a paid tier records a request.',
  'adminMembership.kind.paid': 'Paid tier',
  'adminMembership.kind.free': 'Free tier',
  'adminMembership.field.name': 'Name',
  'adminMembership.field.description': 'What it is',
  'adminMembership.field.perks': 'Perks, one a line (up to 8)',
  'adminMembership.field.priceLabel': 'Price, as shown',
  'adminMembership.save': 'Save {name}',
  'adminMembership.saved': '{name} saved.',
};
