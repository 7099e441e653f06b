/** A duration as the test summary prints it: "42 s", "9 min 59 s" (whole seconds, so never "9 min 60 s"). */
export function minutesAndSeconds(ms: number): string {
  const whole = Math.round(ms / 1000);
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
