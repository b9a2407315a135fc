/** Every page of the console in English: see support/route-walk.ts. */
import { routeWalk } from './support/route-walk';

routeWalk('en');
