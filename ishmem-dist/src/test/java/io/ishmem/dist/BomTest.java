package io.ishmem.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * ishmem-bom has no parent, so nothing but this test ties it to the reactor: its version must be the reactor's
 * and it must manage every published module, so that a module added later cannot be forgotten there.
 */
class BomTest
{
    /** Modules of the reactor that are not published as libraries (the dist is, as its bin archive alone). */
    private static final Set<String> NOT_PUBLISHED = Set.of("ishmem-bom", "ishmem-examples", "ishmem-bench",
        "ishmem-dist");

    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

    @Test
    void shouldHaveTheVersionOfTheReactor() throws Exception
    {
        final Document root = parse(ROOT.resolve("pom.xml"));
        final Document bom = parse(ROOT.resolve("ishmem-bom/pom.xml"));

        assertEquals(child(root.getDocumentElement(), "version"), child(bom.getDocumentElement(), "version"));
    }

    @Test
    void shouldManageEveryPublishedModuleAndTheBinArchive() throws Exception
    {
        final Set<String> expected = new TreeSet<>();
        final NodeList modules = parse(ROOT.resolve("pom.xml")).getElementsByTagName("module");
        for (int i = 0; i < modules.getLength(); i++)
        {
            final String module = modules.item(i).getTextContent().trim();
            if (!NOT_PUBLISHED.contains(module))
            {
                expected.add("io.ishmem:" + module + ":jar::${project.version}");
            }
        }
        expected.add("io.ishmem:ishmem-dist:tar.gz:bin:${project.version}");

        final Set<String> managed = new TreeSet<>();
        for (final Element dependency : dependencies(parse(ROOT.resolve("ishmem-bom/pom.xml"))))
        {
            final String type = child(dependency, "type");
            managed.add(child(dependency, "groupId") + ":" + child(dependency, "artifactId") + ":" +
                (type.isEmpty() ? "jar" : type) + ":" + child(dependency, "classifier") + ":" +
                child(dependency, "version"));
        }

        assertEquals(expected, managed);
    }

    private static List<Element> dependencies(final Document pom)
    {
        final List<Element> result = new ArrayList<>();
        final NodeList nodes = pom.getElementsByTagName("dependency");
        for (int i = 0; i < nodes.getLength(); i++)
        {
            result.add((Element)nodes.item(i));
        }
        return result;
    }

    /** The text of the direct child element {@code name}, or "" when there is none. */
    private static String child(final Element parent, final String name)
    {
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling())
        {
            if (node instanceof Element element && element.getTagName().equals(name))
            {
                return element.getTextContent().trim();
            }
        }
        return "";
    }

    private static Document parse(final Path pom) throws Exception
    {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
    }
}
