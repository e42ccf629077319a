/**
 * The LTI server messages. They are declared in the contract (`packages/contract/src/lti.ts`) because
 * the request schemas raise them too and the web resolves their codes through MESSAGE_CATALOGUE.
 */
export { LTI_MESSAGES } from "@lms/contract";
