#include "app/explorer_instance.h"

namespace placement::ui {

App& explorer_app() {
  // Scheduling (and what-if searches) go to the page's Web Worker when peHost.schedule (peHost.whatIf) exists, else runs here.
  static App* app = new App(make_host_schedule_service(), make_host_whatif_service());  // lives as long as the page
  return *app;
}

}  // namespace placement::ui
