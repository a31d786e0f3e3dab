import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ErrorBoundary } from './ErrorBoundaries.tsx';
import { RouteSwitch } from './RouteSwitch.tsx';

export function App({ mobile }: { mobile: boolean }) {
  return (
    <ErrorBoundary name="app">
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<RouteSwitch mobile={mobile} />} />
        </Routes>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
