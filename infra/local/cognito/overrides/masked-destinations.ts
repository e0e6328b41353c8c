/** Where a code was sent is shown masked (`j***@e***`), as Cognito shows it; cognito-local shows the address. */
import { maskDetails, type Overrides } from './override';

type Delivery = { CodeDeliveryDetails?: unknown };

export function maskedDestinations(): Overrides {
  return {
    async SignUp(_c, req, next) {
      const result = (await next(req)) as Delivery;
      return { ...result, CodeDeliveryDetails: maskDetails(result.CodeDeliveryDetails) };
    },

    async ForgotPassword(_c, req, next) {
      const result = (await next(req)) as Delivery;
      return { CodeDeliveryDetails: maskDetails(result.CodeDeliveryDetails) };
    },

    async UpdateUserAttributes(_c, req, next) {
      const result = (await next(req)) as { CodeDeliveryDetailsList?: unknown[] };
      return { ...result, CodeDeliveryDetailsList: (result.CodeDeliveryDetailsList ?? []).map(maskDetails) };
    },
  };
}
