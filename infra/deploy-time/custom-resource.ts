/**
 * The CloudFormation side of a deploy-time function (infra/constructs/deploy-time-function.ts): CloudFormation
 * invokes it for a custom resource's Create, Update and Delete and waits for the answer at the event's
 * pre-signed `ResponseURL`. `customResource` turns a plain `(event) => result` into that protocol: success with the
 * physical id and data, or failure with the error's message (CloudFormation then rolls the deploy back).
 */
export interface CustomResourceEvent<P = Record<string, unknown>> {
  readonly RequestType: 'Create' | 'Update' | 'Delete';
  readonly ResponseURL: string;
  readonly StackId: string;
  readonly RequestId: string;
  readonly LogicalResourceId: string;
  readonly PhysicalResourceId?: string;
  readonly ResourceProperties: P & { readonly ServiceToken: string };
  readonly OldResourceProperties?: P;
}

export interface CustomResourceResult {
  readonly physicalId: string;
  readonly data?: Record<string, string>;
}

/** Sends the answer; `fetchFn` is replaceable for tests (the pre-signed URL is S3's). */
export async function respond(
  event: CustomResourceEvent<unknown>,
  answer: { status: 'SUCCESS' | 'FAILED'; physicalId: string; reason?: string; data?: Record<string, string> },
  fetchFn: typeof fetch = fetch,
): Promise<void> {
  const body = JSON.stringify({
    Status: answer.status,
    Reason: (answer.reason ?? 'done').slice(0, 1000),
    PhysicalResourceId: answer.physicalId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
    ...(answer.data ? { Data: answer.data } : {}),
  });
  // The pre-signed URL is signed without a content type: sending one would break the signature.
  const res = await fetchFn(event.ResponseURL, { method: 'PUT', body, headers: { 'content-type': '' } });
  if (!res.ok) throw new Error(`CloudFormation's response URL answered ${res.status}`);
}

export function customResource<P>(handle: (event: CustomResourceEvent<P>) => Promise<CustomResourceResult>, fetchFn?: typeof fetch) {
  return async (event: CustomResourceEvent<P>): Promise<void> => {
    const fallbackId = event.PhysicalResourceId ?? `${event.LogicalResourceId}-${event.RequestId}`;
    try {
      const result = await handle(event);
      console.log(JSON.stringify({ message: 'custom resource done', type: event.RequestType, physicalId: result.physicalId }));
      await respond(event, { status: 'SUCCESS', physicalId: result.physicalId, ...(result.data ? { data: result.data } : {}) }, fetchFn);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(JSON.stringify({ message: 'custom resource failed', type: event.RequestType, reason }));
      await respond(event, { status: 'FAILED', physicalId: fallbackId, reason }, fetchFn);
    }
  };
}
