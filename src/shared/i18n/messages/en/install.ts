// The app on the phone (issue 26): installing it, and the page shown with no signal.
export default {
  'install.description': '{club}’s supporters’ app: check in, play and win.',
  'install.title': 'Put the app on your phone',
  'install.lead': 'One tap opens it from your home screen, and it works in the ground with no signal: your check-in is kept and sent later.',
  'install.button': 'Install the app',
  'install.done': 'The app is on your home screen.',
  'install.manual': 'In your browser’s menu, choose “Add to Home screen” or “Install app”.',
  'offline.title': 'You are offline',
  'offline.lead': 'No signal right now. The app picks up where you left off as soon as you are back online.',
  'offline.kept': 'Pages you have opened on this phone still open.',
  'offline.checkin': 'Your daily check-in works with no signal: press it on the dashboard and it is sent when the signal returns.',
  'offline.retry': 'Try again',
};
