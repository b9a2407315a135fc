/** Every page of the console in French: see support/route-walk.ts. */
import { routeWalk } from './support/route-walk';

routeWalk('fr');
