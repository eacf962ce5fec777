import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { breadcrumbsFor, showBreadcrumbs } from '../../lib/site-files/breadcrumbs.ts';

const crumbs = suite('breadcrumbsFor');
crumbs('should start with Home and leave the last crumb without a link', () => {
  assert.equal(breadcrumbsFor('/automotive/', 'NM'), [{ label: 'Home', path: '/' }, { label: 'Automotive Services' }]);
});
crumbs('should use the special labels', () => {
  const labels = ['/service-areas/', '/automotive/', '/residential/', '/commercial/', '/emergency/'].map((p) => breadcrumbsFor(p, 'NM').at(-1)!.label);
  assert.equal(labels, ['Service Areas', 'Automotive Services', 'Residential Services', 'Commercial Services', 'Emergency Services']);
});
crumbs('should add ", NM" to the segment after "areas" and link "areas" to /service-areas/', () => {
  assert.equal(breadcrumbsFor('/areas/fence-lake/', 'NM'), [
    { label: 'Home', path: '/' },
    { label: 'Service Areas', path: '/service-areas/' },
    { label: 'Fence Lake, NM' },
  ]);
});
crumbs('should prefer a given label and still add ", NM" after areas', () => {
  assert.equal(breadcrumbsFor('/areas/acoma/', 'NM', { acoma: 'Acoma Pueblo' }).at(-1), { label: 'Acoma Pueblo, NM' });
  assert.equal(breadcrumbsFor('/services/car-lockout/', 'NM', { 'car-lockout': 'Car Lockout' }).at(-1), { label: 'Car Lockout' });
});
crumbs('should link "services" to the /services/ hub, and end the hub\'s own trail at Services', () => {
  assert.equal(breadcrumbsFor('/services/car-lockout/', 'NM', { 'car-lockout': 'Car Lockout' }), [
    { label: 'Home', path: '/' },
    { label: 'Services', path: '/services/' },
    { label: 'Car Lockout' },
  ]);
  assert.equal(breadcrumbsFor('/services/', 'NM'), [{ label: 'Home', path: '/' }, { label: 'Services' }]);
});
crumbs('should title-case an unknown segment', () => {
  assert.equal(breadcrumbsFor('/services/lock-rekeying/', 'NM').at(-1), { label: 'Lock Rekeying' });
});
crumbs.run();

const show = suite('showBreadcrumbs');
show('should hide the trail when there is only one crumb (the home page)', () => {
  assert.is(showBreadcrumbs(breadcrumbsFor('/', 'NM')), false);
  assert.equal(breadcrumbsFor('/', 'NM'), [{ label: 'Home' }]);
});
show('should show the trail with two or more crumbs', () => {
  assert.is(showBreadcrumbs(breadcrumbsFor('/sitemap/', 'NM')), true);
});
show.run();
