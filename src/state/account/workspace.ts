// Issue 36 item 3: the desktop page's workspace (which panel sits where, which are hidden, the
// orders area's height) and the person's named layouts. Kept locally for everyone; for a logged-in
// (non-demo) account also on the exchange, which wins at login when it holds any (spec 5.9's rule
// for the chart layout: local for visitors and demo, on the account otherwise).
import {
  BOOK_MAX_WIDTH, BOOK_MIN_WIDTH, DEFAULT_WORKSPACE, deleteNamed, withChartCount, withChartPick, type ChartCount, type ChartPick, movePanel, parseStore, saveNamed, setHidden, type NamedWorkspace, type PanelId, type Workspace, type WorkspaceStore,
} from '../../core/workspace.ts';
import { fetchWorkspaces, saveWorkspaces } from '../../api/workspaces.ts';
import { effect, signal } from '../signals.ts';
import { readStored, writeStored } from '../storage.ts';
import { followSyncedAccount, user } from './user.ts';
import { ladderShown, ordersHeight, setLadderShown, setOrdersHeight } from '../layout.ts';

const KEY = 'spot.workspaces';
const stored = readStored(KEY, (v): v is WorkspaceStore => parseStore(v) !== null);
const initial = stored ? parseStore(stored) : null;

/** Panel places and hidden panels now (the orders height and the ladder live in layout.ts's signals). */
export const workspace = signal<Workspace>(initial?.current ?? DEFAULT_WORKSPACE);
export const namedWorkspaces = signal<NamedWorkspace[]>(initial?.named ?? []);
/** Did the last save to the account fail (the layout is then kept on this device only)? */
export const workspaceSaveFailed = signal(false);

const accountSyncs = () => user.peek().userState === 1 && !user.peek().isDemoAccount;

function snapshot(): WorkspaceStore {
  return { current: { ...workspace.peek(), ordersHeight: ordersHeight.peek(), ladder: ladderShown.peek() }, named: namedWorkspaces.peek() };
}

let applying = false;
let lastKept = '';
function persist(): void {
  if (applying) return;
  const store = snapshot();
  const text = JSON.stringify(store);
  if (text === lastKept) return;
  lastKept = text;
  writeStored(KEY, store);
  if (!accountSyncs()) return;
  saveWorkspaces(store).then(
    () => void (workspaceSaveFailed.value = false),
    () => void (workspaceSaveFailed.value = true),
  );
}

function apply(store: WorkspaceStore): void {
  applying = true;
  try {
    workspace.value = store.current;
    namedWorkspaces.value = store.named;
    setOrdersHeight(store.current.ordersHeight);
    setLadderShown(store.current.ladder);
  } finally {
    applying = false;
  }
  lastKept = JSON.stringify(snapshot());
  writeStored(KEY, store);
}

export function movePanelBy(panel: PanelId, step: -1 | 1): void {
  workspace.value = movePanel(workspace.peek(), panel, step);
  persist();
}

export function setPanelHidden(panel: PanelId, hidden: boolean): void {
  workspace.value = setHidden(workspace.peek(), panel, hidden);
  persist();
}

/** The book column's width (null: the page's default); kept once a drag has rested (startWorkspaceSync). */
export function setBookWidth(px: number | null): void {
  const ws = workspace.peek();
  const w = px === null ? null : Math.max(BOOK_MIN_WIDTH, Math.min(BOOK_MAX_WIDTH, Math.round(px)));
  if (ws.bookWidth === w) return;
  workspace.value = { ...ws, bookWidth: w };
}

/** One, two or four charts in the chart area; new ones show the page's pair (issue 36 item 3). */
export function setChartCount(count: ChartCount, symbol: string): void {
  const ws = workspace.peek();
  workspace.value = { ...ws, charts: withChartCount(ws.charts, count, symbol) };
  persist();
}

/** The extra chart `index`'s pair and interval. */
export function setExtraChart(index: number, pick: ChartPick): void {
  const ws = workspace.peek();
  workspace.value = { ...ws, charts: withChartPick(ws.charts, index, pick) };
  persist();
}

export function resetWorkspace(): void {
  workspace.value = DEFAULT_WORKSPACE;
  setOrdersHeight(null);
  setLadderShown(false);
  persist();
}

/** Saves the current arrangement under a name; false when the name or the count is out of bounds. */
export function saveWorkspaceAs(name: string): boolean {
  const next = saveNamed(namedWorkspaces.peek(), name, snapshot().current);
  if (!next) return false;
  namedWorkspaces.value = next;
  persist();
  return true;
}

export function switchWorkspace(name: string): void {
  const found = namedWorkspaces.peek().find((n) => n.name === name);
  if (!found) return;
  workspace.value = { ...found.workspace };
  setOrdersHeight(found.workspace.ordersHeight);
  setLadderShown(found.workspace.ladder);
  persist();
}

export function deleteWorkspace(name: string): void {
  namedWorkspaces.value = deleteNamed(namedWorkspaces.peek(), name);
  persist();
}

/** Follows the account while the desktop page is mounted: loads at login, saves a dragged orders height and the ladder's toggle. */
export function startWorkspaceSync(): () => void {
  let loadedFor = '';
  const stopLoad = followSyncedAccount((key) => {
    loadedFor = key;
    if (!key) return;
    fetchWorkspaces().then(
      (server) => {
        if (loadedFor !== key) return;
        if (server) apply(server);
        else persist();
      },
      () => undefined,
    );
  });
  // A drag sets the height on every move: the height is kept once the drag has rested.
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stopHeight = effect(() => {
    void ordersHeight.value;
    void ladderShown.value;
    void workspace.value.bookWidth;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      persist();
    }, 600);
  });
  return () => {
    if (timer !== null) clearTimeout(timer);
    stopLoad();
    stopHeight();
  };
}
