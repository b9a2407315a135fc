/**
 * Blueprint icons loaded on demand. Blueprint's default loader fetches every icon of a size in one
 * ~100 KB chunk the first time any icon renders; here the icons the console uses each come in their
 * own tiny chunk, and only an icon missing from this list falls back to the big chunk.
 * When a screen uses a new icon, add its name to the pattern below (icons.test.ts checks it).
 */
import { Icons, type IconName, type IconPaths } from '@blueprintjs/icons';
import { splitPathsBySizeLoader } from '@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader';

const curated = import.meta.glob<IconPaths>(
  '/node_modules/@blueprintjs/icons/lib/esm/generated/{16,20}px/paths/{add,arrow-down,arrow-up,book,build,caret-down,chevron-down,chevron-left,chevron-right,chevron-up,circle,cloud-upload,code,cog,cross,cube,dashboard,data-connection,database,disable,document,document-open,double-caret-vertical,download,drag-handle-vertical,duplicate,edit,envelope,error,exchange,export,eye-off,eye-open,filter,floppy-disk,folder-close,folder-open,function,git-branch,graph,help,history,home,inbox,inbox-geo,info-sign,key,lab-test,list,lock,log-out,media,menu,merge-links,minus,more,new-person,notifications,numerical,office,offline,pause,person,play,predictive-analysis,pulse,refresh,reset,search,search-text,send-message,settings,small-cross,small-tick,stop,tag,th,th-derived,tick,tick-circle,timeline-bar-chart,translate,trash,undo,updated,user,warning-sign}.js',
  { import: 'default' },
);

export const curatedIconNames = new Set(
  Object.keys(curated).map((file) => file.replace(/^.*\/paths\/(.*)\.js$/, '$1')),
);

export function installIconLoader(): void {
  Icons.setLoaderOptions({
    loader: async (name: IconName, size) => {
      const load = curated[`/node_modules/@blueprintjs/icons/lib/esm/generated/${size}px/paths/${name}.js`];
      return load ? load() : splitPathsBySizeLoader(name, size);
    },
  });
}
