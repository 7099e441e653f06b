// E-mails and their subjects.
// English is the source of every key; es/mail.ts must define the same keys.
export default {
};
