import { messageGroup } from "./catalogued-message.js";
// Kept apart from the schemas (no zod here), so the web app's first load can use them without zod.

export const TWO_FACTOR_MESSAGES = messageGroup("TWO_FACTOR_MESSAGES", {
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code",
  codeInvalid: "That code is not right. Check the time on your device, or use a recovery code.",
  setupFirst: "Start the set-up first",
  alreadyOn: "Two-factor sign-in is already on",
  notOn: "Two-factor sign-in is not on",
  enabled: "Two-factor sign-in is on. Keep your recovery codes somewhere safe.",
  disabled: "Two-factor sign-in is off",
  challengeExpired: "This sign-in has expired. Sign in again.",
  challengeSent: "Enter the code from your authenticator app to finish signing in.",
  passwordRequired: "Enter your password to turn on two-factor sign-in",
  resetByAdmin: "Two-factor sign-in was reset. The user has been signed out everywhere.",
  requiredForAdmins: "Admin accounts must use two-factor sign-in. Turn it on in Settings to continue.",
});
