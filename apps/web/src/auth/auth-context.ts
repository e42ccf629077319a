import type { AuthSession, LoginRequest, RegisterRequest, TwoFactorChallenge, User } from "@lms/contract";
import { createContext, useContext } from "react";

export interface AuthState {
  user: User | null;
  /** Holding a stored access token is what "signed in" means (spec §1). */
  isAuthenticated: boolean;
  /** Between the end of a sign-out and the arrival on the home page. */
  signingOut: boolean;
  /** True while the profile of a stored token is being fetched. */
  loading: boolean;
  /** The signed-in user, or for an account with two-factor sign-in the challenge its code must answer. */
  login(input: LoginRequest): Promise<User | TwoFactorChallenge>;
  /** The second step of a two-factor sign-in. */
  completeTwoFactor(challenge: string, code: string): Promise<User>;
  register(input: RegisterRequest): Promise<User>;
  /** Keeps a session the server answered another way (an accepted invitation). */
  startSession(session: AuthSession): User;
  /** Ends the session on the server and here, then goes to the home page. */
  logout(): Promise<void>;
  reloadProfile(): void;
  /** Forgets a session the server already ended (an e-mail change signs out every device), staying on the page. */
  forgetSession(): void;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth must be used inside <AuthProvider>");
  return auth;
}
