import { STORAGE_KEYS } from "@lms/contract";

export interface TokenPair {
  token: string;
  refreshToken: string;
}

export const tokens = {
  access: (): string | null => localStorage.getItem(STORAGE_KEYS.token),
  refresh: (): string | null => localStorage.getItem(STORAGE_KEYS.refreshToken),
  save({ token, refreshToken }: TokenPair): void {
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  },
  clearAccess(): void {
    localStorage.removeItem(STORAGE_KEYS.token);
  },
  clear(): void {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
  },
};
