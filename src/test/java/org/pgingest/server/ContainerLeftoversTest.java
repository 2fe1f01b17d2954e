package org.pgingest.server;

import com.github.dockerjava.api.DockerClient;
import org.junit.jupiter.api.Test;
import org.pgingest.LocalImages;
import org.pgingest.Part;
import org.pgingest.RequiresPart;
import org.testcontainers.DockerClientFactory;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What {@code kill -9} leaves (a labelled container whose owner is gone) is removed by the next start. */
@RequiresPart({Part.DOCKER, Part.LOCAL_IMAGES})
class ContainerLeftoversTest {

    @Test
    void aContainerWhoseOwnerIsGoneIsRemovedAndALiveOwnersIsKept() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        DockerClient docker = DockerClientFactory.instance().client();
        String orphan = create(docker, Long.toString(gone.pid()));
        String live = create(docker, Long.toString(ProcessHandle.current().pid()));
        try {
            assertThat(ContainerTarget.sweepOrphans()).contains(orphan).doesNotContain(live);
            assertThat(docker.listContainersCmd().withShowAll(true).withIdFilter(List.of(orphan, live)).exec())
                    .extracting(c -> c.getId()).containsExactly(live);
        } finally {
            docker.removeContainerCmd(live).withForce(true).exec();
        }
    }

    /** A created, never started container is enough: the sweep looks only at labels. */
    private static String create(DockerClient docker, String ownerPid) {
        return docker.createContainerCmd(LocalImages.image(14)).withLabels(Map.of(ContainerTarget.RUN_LABEL, ownerPid))
                .exec().getId();
    }
}
