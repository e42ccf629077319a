import type { LtiService } from "@lms/contract";

/** IMS LTI 1.3 claim names and vocabularies. */
export const LTI = "https://purl.imsglobal.org/spec/lti/claim";
export const AGS_ENDPOINT = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint";
export const NRPS_CLAIM = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice";
export const DL_SETTINGS = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings";
export const DL_CONTENT_ITEMS = "https://purl.imsglobal.org/spec/lti-dl/claim/content_items";
export const DL_DATA = "https://purl.imsglobal.org/spec/lti-dl/claim/data";
const MEMBERSHIP = "http://purl.imsglobal.org/vocab/lis/v2/membership";
const INSTITUTION = "http://purl.imsglobal.org/vocab/lis/v2/institution/person";
export const COURSE_OFFERING = "http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering";

export const AGS_SCOPES = {
  lineItem: "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
  lineItemReadOnly: "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly",
  resultReadOnly: "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly",
  score: "https://purl.imsglobal.org/spec/lti-ags/scope/score",
} as const;
export const NRPS_SCOPE = "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly";

/** The OAuth2 scopes each granted service opens. */
export function grantedScopes(services: readonly LtiService[]): string[] {
  return [
    ...(services.includes("ags") ? Object.values(AGS_SCOPES) : []),
    ...(services.includes("nrps") ? [NRPS_SCOPE] : []),
  ];
}

/** Our roles as LIS role IRIs. */
export function lisRoles(role: string): string[] {
  if (role === "learner") return [`${MEMBERSHIP}#Learner`];
  if (role === "instructor") return [`${MEMBERSHIP}#Instructor`];
  return [`${MEMBERSHIP}#Administrator`, `${INSTITUTION}#Administrator`];
}

/** A course member's LIS roles in that course: its instructor teaches it, everyone else there learns. */
export const memberRoles = (teaches: boolean) => [`${MEMBERSHIP}#${teaches ? "Instructor" : "Learner"}`];

/** given_name / family_name from the one name we keep: the last word is the family name. */
export function splitName(name: string): { given_name: string; family_name: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { given_name: name.trim(), family_name: "" };
  return { given_name: words.slice(0, -1).join(" "), family_name: words[words.length - 1] };
}
