import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FeedSourceBanner } from '../features/feed-source/FeedSourceBanner.tsx';
import { ErrorBoundary } from './ErrorBoundaries.tsx';
import { RouteSwitch } from './RouteSwitch.tsx';

export function App({ mobile }: { mobile: boolean }) {
  return (
    <ErrorBoundary name="app">
      <FeedSourceBanner />
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<RouteSwitch mobile={mobile} />} />
        </Routes>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
