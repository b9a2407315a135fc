/** Every route module, registered in one place. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { registerAuthRoutes } from './auth';
import { registerAccessKeyRoutes } from './access-keys';
import { registerAnalysisRoutes } from './analyses';
import { registerApiAnalysisRoutes } from './api-analyses';
import { registerExtractorTestRoutes } from './extractor-test';
import { registerOcrDataExtractionTestRoutes } from './ocr-data-extraction-test';
import { registerEnvironmentRoutes } from './environments';
import { registerPasswordRoutes } from './passwords';
import { registerIdentityProviderRoutes } from './identity-providers';
import { registerSsoRoutes } from './sso';
import { registerMemberRoutes } from './members';
import { registerOrganisationRoutes } from './organisations';
import { registerConsumptionRoutes } from './consumption';
import { registerVersionRoutes } from './versions';
import { registerNluRoutes } from './nlu';
import { registerNluContextRoutes } from './nlu-contexts';
import { registerNluServerRoutes } from './nlu-servers';
import { registerNluTransferRoutes } from './nlu-transfer';
import { registerCategorizationRoutes } from './categorization';
import { registerCategorizationTestRoutes } from './categorization-test';
import { registerDashboardRoutes } from './dashboard';

export function registerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerAuthRoutes(app, ctx);
  registerPasswordRoutes(app, ctx);
  registerEnvironmentRoutes(app, ctx);
  registerSsoRoutes(app, ctx);
  registerIdentityProviderRoutes(app, ctx);
  registerOrganisationRoutes(app, ctx);
  registerMemberRoutes(app, ctx);
  registerAccessKeyRoutes(app, ctx);
  registerAnalysisRoutes(app, ctx);
  registerApiAnalysisRoutes(app, ctx);
  registerExtractorTestRoutes(app, ctx);
  registerOcrDataExtractionTestRoutes(app, ctx);
  registerConsumptionRoutes(app, ctx);
  registerVersionRoutes(app, ctx);
  registerNluRoutes(app, ctx);
  registerNluContextRoutes(app, ctx);
  registerNluServerRoutes(app, ctx);
  registerNluTransferRoutes(app, ctx);
  registerCategorizationRoutes(app, ctx);
  registerCategorizationTestRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
}
