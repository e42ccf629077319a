import type { LtiLaunchForm } from "@lms/contract";

/**
 * Posts an LTI launch (the OIDC login initiation) to the tool as an HTML form, into the frame or
 * window named `target`. The browser legs carry no credentials of ours: the one-time signed
 * `lti_message_hint` among the fields is what authorises the launch.
 */
export function postLaunchForm(launch: LtiLaunchForm, target: string): void {
  const form = document.createElement("form");
  form.method = "post";
  form.action = launch.action;
  form.target = target;
  form.hidden = true;
  for (const [name, value] of Object.entries(launch.fields)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
}
